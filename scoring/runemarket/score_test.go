package runemarket

import (
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

type checkCase struct {
	name     string
	body     string
	codes    []string // violation codes in order
	totals   []int
	winners  []string // nil: none
	tieBreak string   // substring of Result.TieBreak; "" means it must be empty
}

func runChecks(t *testing.T, tests []checkCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Engine{}.Check([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, v := range r.Violations {
				codes = append(codes, v.Code)
				if v.Rule == "" || v.Message == "" {
					t.Errorf("violation %s lacks a rule or message", v.Code)
				}
			}
			if !slices.Equal(codes, tt.codes) {
				t.Errorf("codes = %v, want %v (%+v)", codes, tt.codes, r.Violations)
			}
			// Each total is the sum of its breakdown (with every other
			// invariant of a result).
			scoringtest.Check(t, Engine{}, r)
			var totals []int
			for _, p := range r.Players {
				totals = append(totals, p.Total)
			}
			if tt.totals != nil && !slices.Equal(totals, tt.totals) {
				t.Errorf("totals = %v, want %v", totals, tt.totals)
			}
			if !slices.Equal(r.Winners, tt.winners) && (len(r.Winners) > 0 || tt.winners != nil) {
				t.Errorf("winners = %v, want %v", r.Winners, tt.winners)
			}
			switch {
			case tt.tieBreak == "" && r.TieBreak != "":
				t.Errorf("tie_break = %q, want none", r.TieBreak)
			case !strings.Contains(r.TieBreak, tt.tieBreak):
				t.Errorf("tie_break = %q, want it to contain %q", r.TieBreak, tt.tieBreak)
			}
			if r.Valid != (len(tt.codes) == 0) || !r.GameOver || r.Game != Slug {
				t.Errorf("valid=%v game_over=%v game=%q", r.Valid, r.GameOver, r.Game)
			}
		})
	}
}

// ruling RUN-1: points = runes + boat shelters − bandits; shelters 0.
func TestScore(t *testing.T) {
	runChecks(t, []checkCase{
		{name: "loose runes only",
			body:   `{"players":[{"name":"Ana","runes":{"red":3,"blue":2}},{"name":"Ben","runes":{"red":1}}]}`,
			totals: []int{5, 1}, winners: []string{"Ana"}},
		{name: "runes in shelters count, shelters are 0",
			body: `{"players":[
				{"name":"Ana","shelters":[{"colour":"red","runes":4},{"colour":"blue","runes":0}]},
				{"name":"Ben","boat_shelters":[{"colour":"blue","runes":2}]}]}`,
			totals: []int{4, 3}, winners: []string{"Ana"}},
		{name: "boat shelter +1, bandit -1 for the occupant only",
			body: `{"players":[
				{"name":"Ana","shelters":[{"colour":"red","runes":3,"boat_shelter":true},{"colour":"blue","runes":2,"bandit":"Ben"}],"runes":{"blue":1}},
				{"name":"Ben","runes":{"red":5,"blue":1}}]}`,
			totals: []int{3 + 2 + 1 + 1 - 1, 6}, winners: []string{"Ana"}}, // tie: more boat shelters wins
		{name: "a bandit can take a player below zero",
			body: `{"players":[
				{"name":"Ana","shelters":[{"colour":"red","runes":0,"bandit":"Ben"},{"colour":"blue","bandit":"Cy"}]},
				{"name":"Ben"},{"name":"Cy","runes":{"red":1}}]}`,
			totals: []int{-2, 0, 1}, winners: []string{"Cy"}},
	})
}

func TestBreakdownLines(t *testing.T) {
	s := State{Players: []Player{{
		Name:         "Ana",
		Shelters:     []Shelter{{Colour: Red, Runes: 3, BoatShelter: true}, {Colour: Blue, Runes: 2, Bandit: "Ben"}},
		BoatShelters: nil,
		Runes:        Runes{Red: 1, Blue: 4},
	}, {Name: "Ben"}}}
	got := Score(s).Players[0].Breakdown
	want := []scoring.Line{{Label: "red runes", Points: 4}, {Label: "blue runes", Points: 6}, {Label: "1 boat shelter", Points: 1}, {Label: "1 bandit in own shelters", Points: -1}}
	if !slices.EqualFunc(got, want, scoring.SameLine) {
		t.Errorf("breakdown = %v, want %v", got, want)
	}
}

// Every violation code with a case that triggers it and a near miss.
func TestViolations(t *testing.T) {
	two := func(ana string) string {
		return `{"players":[{"name":"Ana"` + ana + `},{"name":"Ben"}]}`
	}
	runChecks(t, []checkCase{
		{name: "player_count: one player", body: `{"players":[{"name":"Ana","runes":{"red":1}}]}`,
			codes: []string{"player_count"}, totals: []int{1}},
		{name: "player_count: six players", body: `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"}]}`,
			codes: []string{"player_count"}},
		{name: "near miss: five players", body: `{"players":[{"name":"A","runes":{"red":1}},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"}]}`,
			winners: []string{"A"}},
		{name: "negative_count: loose runes", body: two(`,"runes":{"red":-1}`),
			codes: []string{"negative_count"}, totals: []int{-1, 0}},
		{name: "negative_count: shelter and boat shelter runes", body: two(`,"shelters":[{"colour":"blue","runes":-2}],"boat_shelters":[{"colour":"red","runes":-1}]`),
			codes: []string{"negative_count", "negative_count"}, totals: []int{-2, 0}}, // -3 runes +1 boat shelter
		{name: "negative_count: number card", body: two(`,"highest_number_card":-1`),
			codes: []string{"negative_count"}},
		{name: "card_value: number card above 13", body: two(`,"highest_number_card":14`),
			codes: []string{"card_value"}},
		{name: "near miss: number cards 0 and 13", body: `{"players":[{"name":"Ana","highest_number_card":13},{"name":"Ben","highest_number_card":0}]}`,
			winners: []string{"Ana"}},
		{name: "shelter_limit: two red shelters", body: two(`,"shelters":[{"colour":"red","runes":1},{"colour":"red","runes":1}]`),
			codes: []string{"shelter_limit"}, totals: []int{2, 0}},
		{name: "shelter_limit: three blue shelters", body: two(`,"shelters":[{"colour":"blue"},{"colour":"blue"},{"colour":"blue"}]`),
			codes: []string{"shelter_limit"}},
		{name: "near miss: one red and one blue shelter", body: two(`,"shelters":[{"colour":"red","runes":1},{"colour":"blue","runes":1}]`),
			winners: []string{"Ana"}},
		{name: "boat_shelter_limit: stand-alone beside both main shelters", body: two(`,"shelters":[{"colour":"red"},{"colour":"blue"}],"boat_shelters":[{}]`),
			codes: []string{"boat_shelter_limit"}},
		{name: "boat_shelter_limit: three stand-alone", body: two(`,"boat_shelters":[{},{},{}]`),
			codes: []string{"boat_shelter_limit"}},
		{name: "boat_shelter_limit: two beside one main shelter", body: two(`,"shelters":[{"colour":"red"}],"boat_shelters":[{},{}]`),
			codes: []string{"boat_shelter_limit"}},
		{name: "boat_shelter_limit: red stand-alone beside a red shelter", body: two(`,"shelters":[{"colour":"red","runes":1}],"boat_shelters":[{"colour":"red","runes":1}]`),
			codes: []string{"boat_shelter_limit"}},
		{name: "boat_shelter_limit: two blue stand-alone", body: two(`,"boat_shelters":[{"colour":"blue","runes":1},{"colour":"blue","runes":1}]`),
			codes: []string{"boat_shelter_limit"}},
		// ruling G-3: one stand-alone too many and a red one beside the red
		// shelter are two broken rules, both listed.
		{name: "boat_shelter_limit: too many and a colour twice", body: two(`,"shelters":[{"colour":"red"}],"boat_shelters":[{"colour":"red","runes":1},{"colour":"blue","runes":1}]`),
			codes: []string{"boat_shelter_limit", "boat_shelter_limit"}},
		{name: "near miss: two stand-alone of different colours", body: two(`,"boat_shelters":[{"colour":"blue","runes":1},{"colour":"red","runes":1}]`),
			totals: []int{4, 0}, winners: []string{"Ana"}},
		{name: "near miss: blue stand-alone beside a red shelter, boats inside shelters", body: two(`,"shelters":[{"colour":"red","runes":1,"boat_shelter":true}],"boat_shelters":[{"colour":"blue","runes":1}]`),
			totals: []int{4, 0}, winners: []string{"Ana"}},
		{name: "near miss: a boat shelter in each main shelter", body: two(`,"shelters":[{"colour":"red","boat_shelter":true},{"colour":"blue","boat_shelter":true}]`),
			totals: []int{2, 0}, winners: []string{"Ana"}},
		{name: "bandit_owner: own bandit", body: two(`,"shelters":[{"colour":"red","runes":2,"bandit":"Ana"}]`),
			codes: []string{"bandit_owner"}, totals: []int{1, 0}},
		{name: "bandit_owner: nobody at the table", body: two(`,"shelters":[{"colour":"red","runes":2,"bandit":"Zoe"}]`),
			codes: []string{"bandit_owner"}},
		{name: "near miss: another player's bandit, name case ignored", body: two(`,"shelters":[{"colour":"red","runes":2,"bandit":" ben "}]`),
			totals: []int{1, 0}, winners: []string{"Ana"}},
		{name: "bandit_with_boat_shelter", body: two(`,"shelters":[{"colour":"blue","runes":2,"boat_shelter":true,"bandit":"Ben"}]`),
			codes: []string{"bandit_with_boat_shelter"}, totals: []int{2, 0}},
		{name: "near miss: bandit in one shelter, boat shelter in the other", body: two(`,"shelters":[{"colour":"blue","runes":2,"bandit":"Ben"},{"colour":"red","boat_shelter":true}]`),
			totals: []int{2, 0}, winners: []string{"Ana"}},
		{name: "rps_winner: not in the tie", body: `{"players":[{"name":"Ana","runes":{"red":2}},{"name":"Ben","runes":{"red":2}},{"name":"Cy"}],"options":{"rps_winner":"Cy"}}`,
			codes: []string{"rps_winner"}},
		{name: "rps_winner: nobody at the table", body: `{"players":[{"name":"Ana","runes":{"red":2}},{"name":"Ben","runes":{"red":2}}],"options":{"rps_winner":"Zoe"}}`,
			codes: []string{"rps_winner"}},
		{name: "rps_winner: no duel needed", body: `{"players":[{"name":"Ana","runes":{"red":3}},{"name":"Ben","runes":{"red":2}}],"options":{"rps_winner":"Ana"}}`,
			codes: []string{"rps_winner"}},
		{name: "near miss: rps winner in the tie", body: `{"players":[{"name":"Ana","runes":{"red":2},"highest_number_card":5},{"name":"Ben","runes":{"red":2},"highest_number_card":5}],"options":{"rps_winner":"ben"}}`,
			winners: []string{"Ben"}},
	})
}

func TestViolationNamesPlayerAndRule(t *testing.T) {
	r, err := Engine{}.Check([]byte(`{"players":[{"name":"Ana"},{"name":"Ben","shelters":[{"colour":"red","bandit":"Ben"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := scoring.Violation{Code: "bandit_owner", Player: "Ben", Rule: "RUN-1",
		Message: "Ben: the bandit in the red shelter is Ben's own; a bandit is placed in another player's shelter"}
	if len(r.Violations) != 1 || !scoring.SameViolation(r.Violations[0], want) {
		t.Errorf("got %+v", r.Violations)
	}
}

func TestInfo(t *testing.T) {
	i := Engine{}.Info()
	if i.Slug != "rune-market" || i.Title != "The Rune Market" || i.MinPlayers != 2 || i.MaxPlayers != 5 || i.LowestWins {
		t.Errorf("info = %+v", i)
	}
	if len(i.Options) != 1 || i.Options[0].Name != "rps_winner" {
		t.Errorf("options = %+v", i.Options)
	}
}

func TestBoatShelterLimitMessage(t *testing.T) {
	r := Score(State{Players: []Player{{Name: "Ana", Shelters: []Shelter{{Colour: Red}, {Colour: Blue}}, BoatShelters: []BoatShelter{{}}}, {Name: "Ben"}}})
	want := "Ana has 1 stand-alone boat shelter but both main shelters; a boat shelter stands alone only in place of a missing main shelter (at most two shelters in all), otherwise it goes inside a main shelter"
	if len(r.Violations) != 1 || r.Violations[0].Message != want {
		t.Errorf("got %+v", r.Violations)
	}
}
