package kociaki

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// Short constructors for the steps of a script.
func tile(c Colour) Step { return Step{Kind: PlayTile, Tile: Tile{Colour: c}} }

func pull(toys ...int) Step {
	s := Step{Kind: PullString}
	for _, t := range toys {
		s.Crossed = append(s.Crossed, Take{Toy: t})
	}
	return s
}

func got(takes ...Take) Step { return Step{Kind: PullString, Crossed: takes} }

func short() Step { return Step{Kind: PullString, Short: true} }

func measure(left map[string]float64) Step { return Step{Kind: MeasureString, StringLeft: left} }

var names4 = []string{"Ola", "Ben", "Cyd", "Dora"}

func start(t *testing.T, n int, startColour Colour, o Options) Position {
	t.Helper()
	p, err := Start(names4[:n], Tile{Colour: startColour}, 0, withDefaults(o))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func withDefaults(o Options) Options {
	if o.Variant == "" {
		o.Variant = Basic
	}
	if o.AllTypesBonus == "" {
		o.AllTypesBonus = Instead
	}
	return o
}

// apply plays steps that must all be accepted.
func apply(t *testing.T, p Position, steps ...Step) Position {
	t.Helper()
	for i, s := range steps {
		next, err := p.Apply(s)
		if err != nil {
			t.Fatalf("step %d of the script (round %d, %s to act): %v", i+1, p.Round(), p.ToMove(), err)
		}
		p = next
	}
	return p
}

// nobody is a round where the tile is played and no string crosses a toy.
func nobody(c Colour, players int) []Step {
	steps := []Step{tile(c)}
	for range players {
		steps = append(steps, pull())
	}
	return steps
}

func rounds(players int, colours ...Colour) []Step {
	var out []Step
	for _, c := range colours {
		out = append(out, nobody(c, players)...)
	}
	return out
}

// Tile orders that keep every hand possible for a whole game (KOC-3):
// seq2 and seq3 start on a green tile, seq4 on a yellow one.
var (
	seq2 = []Colour{Yellow, Turquoise, Pink, Green, Turquoise, Yellow, Green, Pink, Yellow, Turquoise, Pink, Green}
	seq3 = []Colour{Yellow, Turquoise, Pink, Turquoise, Pink, Green, Pink, Green, Yellow, Green, Yellow, Turquoise}
	seq4 = []Colour{Turquoise, Pink, Green, Yellow, Pink, Green, Yellow, Turquoise, Green, Yellow, Turquoise, Pink}
)

const (
	Y = Yellow
	T = Turquoise
	P = Pink
	G = Green
)

// TestRefusals: every step the rules refuse, with its code and ruling.
func TestRefusals(t *testing.T) {
	cases := []struct {
		name    string
		players int
		start   Colour
		steps   []Step // accepted
		bad     Step   // refused
		code    string
		rule    string
		says    string
	}{
		{name: "tile on a tile of the same colour (rule text A)", players: 4, start: Y,
			bad: tile(Y), code: "same_colour", rule: "KOC-3", says: "differ in colour"},
		{name: "same colour as the previous round's tile", players: 3, start: Y, steps: nobody(T, 3),
			bad: tile(T), code: "same_colour", rule: "KOC-3", says: "on the turquoise tile"},
		{name: "4 players: one tile of each colour in hand", players: 4, start: Y, steps: rounds(4, T, P, G, Y),
			bad: tile(T), code: "hand_colour", rule: "KOC-3", says: "Ola has played their turquoise tile already"},
		{name: "3 players: the one extra tile is spent", players: 3, start: G, steps: rounds(3, Y, T, P, Y, P, G, T, G, Y),
			bad: tile(T), code: "hand_colour", rule: "KOC-3", says: "extra tiles were yellow"},
		{name: "2 players: extras come from different stacks", players: 2, start: G, steps: rounds(2, Y, T, Y, T),
			bad: tile(Y), code: "hand_colour", rule: "KOC-3", says: "two yellow tiles"},
		{name: "3 players: the start colour's stack runs out", players: 3, start: Y, steps: rounds(3, T, Y, P, G, Y, T, P, G, Y, P, T),
			bad: tile(Y), code: "colour_used_up", rule: "KOC-3", says: "held 4 tiles"},
		{name: "strings before the tile", players: 2, start: Y,
			bad: pull(1), code: "tile_first", rule: "KOC-3", says: "Ola playing a furniture tile"},
		{name: "a second tile in the same round", players: 2, start: Y, steps: []Step{tile(T), pull()},
			bad: tile(P), code: "round_not_finished", rule: "KOC-3", says: "Ben pulls their string next"},
		{name: "toy 11", players: 4, start: Y, steps: []Step{tile(T)},
			bad: pull(11), code: "no_such_toy", rule: "KOC-1", says: "numbered 1 to 10"},
		{name: "toy 0 after a good one", players: 4, start: Y, steps: []Step{tile(T)},
			bad: pull(3, 0), code: "no_such_toy", rule: "KOC-1"},
		{name: "a later toy's refusal names the toy and its place", players: 3, start: Y, steps: []Step{tile(T), pull(1)},
			bad: pull(2, 1), code: "chip_unknown", rule: "KOC-2", says: "toy 1 (the second toy crossed): toy 1's pile may give a 2 or a 3"},
		{name: "4 players: the first chip is a 2", players: 4, start: Y, steps: []Step{tile(T)},
			bad: got(Take{Toy: 3, Chip: 3}), code: "chip_impossible", rule: "KOC-2", says: "cannot give a 3 now: it gives a 2"},
		{name: "a full pile is not empty", players: 3, start: Y, steps: []Step{tile(T)},
			bad: got(Take{Toy: 3, Empty: true}), code: "chip_impossible", rule: "KOC-2", says: "still holds 4 chips"},
		{name: "a used-up pile gives nothing (rule text)", players: 4, start: Y,
			steps: []Step{tile(T), pull(5, 5, 5, 5, 5)},
			bad:   got(Take{Toy: 5, Chip: 4}), code: "chip_impossible", rule: "KOC-2", says: "used up"},
		{name: "3 players: the second chip may be a 2 or a 3", players: 3, start: Y, steps: []Step{tile(T), pull(1)},
			bad: pull(1), code: "chip_unknown", rule: "KOC-2", says: "may give a 2 or a 3"},
		{name: "KOC-2 example: {3} alone is not possible", players: 3, start: Y, steps: []Step{tile(T)},
			bad: got(Take{Toy: 6, Chip: 3}), code: "chip_impossible", rule: "KOC-2", says: "one chip is removed from each pile"},
		{name: "not enough string before round 12", players: 2, start: Y, steps: []Step{tile(T)},
			bad: short(), code: "short_before_last_round", rule: "KOC-5", says: "this is round 1"},
		{name: "string measured mid-game", players: 2, start: Y, steps: []Step{tile(T)},
			bad: measure(map[string]float64{"Ola": 3}), code: "string_not_asked", rule: "KOC-5"},
		{name: "no more rounds after 12", players: 2, start: G, steps: append(rounds(2, seq2...)[:35], got(Take{Toy: 1, Chip: 2})),
			bad: tile(Y), code: "after_game_end", rule: "KOC-3"},
		{name: "a tie after round 12 needs the string", players: 2, start: G, steps: rounds(2, seq2...),
			bad: tile(Y), code: "string_expected", rule: "KOC-5", says: "Ola and Ben tie"},
		{name: "every tied player's string", players: 2, start: G, steps: rounds(2, seq2...),
			bad: measure(map[string]float64{"Ola": 3}), code: "string_missing", rule: "KOC-5", says: "for Ben"},
		{name: "string of a stranger", players: 2, start: G, steps: rounds(2, seq2...),
			bad: measure(map[string]float64{"Ola": 3, "Ben": 2, "Zed": 1}), code: "no_such_player", rule: "KOC-5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := apply(t, start(t, c.players, c.start, Options{}), c.steps...)
			before := p.View()
			_, err := p.Apply(c.bad)
			if err == nil {
				t.Fatalf("accepted; want %s", c.code)
			}
			if err.Code != c.code || err.Rule != c.rule || err.Step != len(c.steps)+1 {
				t.Errorf("got %s (%s) at step %d, want %s (%s) at step %d: %s", err.Code, err.Rule, err.Step, c.code, c.rule, len(c.steps)+1, err.Message)
			}
			if !strings.Contains(err.Message, c.says) {
				t.Errorf("message %q does not say %q", err.Message, c.says)
			}
			if after := p.View(); !sameJSON(t, before, after) {
				t.Error("a refused step changed the position")
			}
		})
	}
}

func TestStartRefusals(t *testing.T) {
	for _, c := range []struct {
		players []string
		tile    Colour
		starter int
		code    string
		rule    string
	}{
		{[]string{"Ola"}, Y, 0, "player_count", "KOC-1"},
		{[]string{"A", "B", "C", "D", "E"}, Y, 0, "player_count", "KOC-1"},
		{[]string{"A", "B"}, "purple", 0, "no_such_colour", "KOC-3"},
		{[]string{"A", "B"}, Y, 2, "no_such_player", "KOC-3"},
	} {
		_, err := Start(c.players, Tile{Colour: c.tile}, c.starter, withDefaults(Options{}))
		se, ok := err.(*StepError)
		if !ok || se.Code != c.code || se.Rule != c.rule || se.Step != 0 {
			t.Errorf("%v %s: %v, want %s (%s)", c.players, c.tile, err, c.code, c.rule)
		}
	}
}

// The rule text's examples, step by step.
func TestRuleTextExamples(t *testing.T) {
	t.Run("a yellow table on the turquoise chair", func(t *testing.T) {
		p, err := Start(names4[:3], Tile{Colour: T, Piece: "chair"}, 0, withDefaults(Options{}))
		if err != nil {
			t.Fatal(err)
		}
		p = apply(t, p, Step{Kind: PlayTile, Tile: Tile{Colour: Y, Piece: "table"}})
		if got := p.LastTile().String(); got != "yellow table" || p.Phase() != WaitTurn || p.ToMove() != "Ola" {
			t.Errorf("after the tile: %q, phase %v, %s to act", got, p.Phase(), p.ToMove())
		}
	})
	t.Run("the start marker passes left; players act clockwise from it", func(t *testing.T) {
		p, err := Start(names4[:3], Tile{Colour: G}, 1, withDefaults(Options{}))
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, c := range []Colour{Y, T} {
			order = append(order, "tile:"+p.ToMove())
			p = apply(t, p, tile(c))
			for range 3 {
				order = append(order, p.ToMove())
				p = apply(t, p, pull())
			}
		}
		want := []string{"tile:Ben", "Ben", "Cyd", "Ola", "tile:Cyd", "Cyd", "Ola", "Ben"}
		if !slices.Equal(order, want) {
			t.Errorf("order %v, want %v", order, want)
		}
	})
	t.Run("later players get the bigger chips; an empty pile gives nothing", func(t *testing.T) {
		p := start(t, 4, Y, Options{})
		p = apply(t, p, tile(T), pull(4), pull(4), pull(4), pull(4), tile(P), pull(4), pull(4))
		// Round 2 starts with Ben (the marker passed left): he takes the
		// last chip, the 4; Cyd finds the pile used up.
		if got := p.Players[1].Chips[4]; !slices.Equal(got, []int{2, 4}) {
			t.Errorf("Ben's toy 4 chips %v, want 2 then 4 (4 players: pile 2 2 3 3 4)", got)
		}
		if got := p.Players[2].Chips[4]; !slices.Equal(got, []int{3}) {
			t.Errorf("Cyd crossed toy 4 after the pile was used up and holds %v, want just his 3", got)
		}
		if o := p.Outcomes(4); len(o) != 1 || !o[0].Empty {
			t.Errorf("toy 4's pile should be used up: %v", o)
		}
	})
	t.Run("the same toy twice in one turn takes two chips", func(t *testing.T) {
		p := apply(t, start(t, 4, Y, Options{}), tile(T), pull(9, 9))
		if got := p.Players[0].Chips[9]; !slices.Equal(got, []int{2, 2}) {
			t.Errorf("chips %v", got)
		}
	})
	t.Run("KOC-2 example: 3 players may take {2,3} (a 2 was removed)", func(t *testing.T) {
		p := apply(t, start(t, 3, Y, Options{}), tile(T), pull(6), got(Take{Toy: 6, Chip: 3}))
		if o := p.Outcomes(6); len(o) != 1 || o[0].Chip != 3 {
			t.Errorf("after 2, 3 the pile (2 3 3 4 minus the 2s) gives %v, want only a 3", o)
		}
		if p.ChipsLeft(6) != 2 {
			t.Errorf("chips left %d, want 2", p.ChipsLeft(6))
		}
	})
	t.Run("round 12: not enough string takes nothing (KOC-5)", func(t *testing.T) {
		p := apply(t, start(t, 2, G, Options{}), rounds(2, seq2[:11]...)...)
		// Round 12 is Ben's (2 players, the marker passed 11 times).
		p = apply(t, p, tile(seq2[11]), got(Take{Toy: 1, Chip: 2}), short())
		if !p.Over() || !p.Players[0].Short || p.Players[0].ChipCount() != 0 || p.Players[1].ChipCount() != 1 {
			t.Errorf("over %v, Ola short %v with %d chips", p.Over(), p.Players[0].Short, p.Players[0].ChipCount())
		}
	})
	t.Run("a tie on the top total: most string left wins (KOC-5)", func(t *testing.T) {
		p := start(t, 4, Y, Options{})
		p = apply(t, p, tile(T), pull(1), pull(2), pull(), pull())
		p = apply(t, p, rounds(4, seq4[1:]...)...)
		if p.Phase() != WaitString || !slices.Equal(p.TiedForWin(), []string{"Ola", "Ben"}) {
			t.Fatalf("phase %v, tied %v", p.Phase(), p.TiedForWin())
		}
		p = apply(t, p, measure(map[string]float64{"ben": 12, "Ola": 30.5}))
		res := Score(p.Final())
		if !p.Over() || !res.Valid || !slices.Equal(res.Winners, []string{"Ola"}) {
			t.Errorf("over %v, winners %v %v", p.Over(), res.Winners, res.Violations)
		}
	})
}

// TestWholeGames plays 12 rounds with 2, 3 and 4 players. The test keeps
// the physical piles itself, with chips removed at random by a fixed
// pattern the engine never sees (KOC-1), says each chip taken as a player
// would (omitted with 4 players: the engine knows it), and checks the
// totals against its own count.
func TestWholeGames(t *testing.T) {
	for _, c := range []struct {
		players int
		start   Colour
		tiles   []Colour
		variant string
		short   int // seat short of string in round 12, -1 none
	}{
		{2, G, seq2, Basic, -1},
		{3, G, seq3, Experienced, 2},
		{4, Y, seq4, Basic, 0},
	} {
		t.Run(strconv.Itoa(c.players)+" players", func(t *testing.T) {
			pos, steps, want := simulate(t, c.players, c.start, c.tiles, c.variant, c.short)
			if !pos.Over() {
				t.Fatalf("not over after 12 rounds: phase %v", pos.Phase())
			}
			res := Score(pos.Final())
			if !res.Valid {
				t.Fatalf("the final state breaks rules: %v", res.Violations)
			}
			for i, pr := range res.Players {
				if pr.Total != want[i] {
					t.Errorf("%s: total %d, want %d", pr.Name, pr.Total, want[i])
				}
			}
			// The same game through Guide's JSON: the final request scores the same.
			raw := make([][]byte, len(steps))
			for i, s := range steps {
				raw[i] = StepJSON(s)
			}
			setup := []byte(`{"start_tile":"` + string(c.start) + `","options":{"variant":"` + c.variant + `"}}`)
			over, final, err := Engine{}.Guide(names4[:c.players], setup, raw)
			if err != nil || !over {
				t.Fatalf("Guide: over %v, %v", over, err)
			}
			again, err := Engine{}.Check(final)
			if err != nil {
				t.Fatal(err)
			}
			if !sameJSON(t, again, res) {
				t.Errorf("Guide's final scores differently:\n%s", final)
			}
		})
	}
}

// simulate plays a scripted game against physical piles the test keeps.
func simulate(t *testing.T, n int, startColour Colour, tiles []Colour, variant string, shortSeat int) (Position, []Step, []int) {
	t.Helper()
	removed, _ := Removed(n)
	var piles [Toys][]int
	for toy := range piles {
		// The hidden removal: chips at positions toy%5 and (toy+2)%5 go
		// back to the box (as many as the player count removes).
		out := map[int]bool{}
		for k := range removed {
			out[(toy+2*k)%len(pileChips)] = true
		}
		for i, v := range pileChips {
			if !out[i] {
				piles[toy] = append(piles[toy], v)
			}
		}
	}
	pos := start(t, n, startColour, Options{Variant: variant})
	var steps []Step
	sums := make([]int, n)
	held := make([]map[int]bool, n)
	for i := range held {
		held[i] = map[int]bool{}
	}
	do := func(s Step) {
		t.Helper()
		next, err := pos.Apply(s)
		if err != nil {
			t.Fatalf("round %d, %s: %v", pos.Round(), pos.ToMove(), err)
		}
		pos = next
		steps = append(steps, s)
	}
	for r := 1; r <= Rounds; r++ {
		do(tile(tiles[r-1]))
		for range n {
			seat := pos.Current()
			if r == Rounds && seat == shortSeat {
				do(short())
				continue
			}
			toys := []int{(r*3+seat*7)%Toys + 1}
			if (r+seat)%3 == 0 {
				toys = append(toys, (r+seat)%Toys+1)
			}
			s := Step{Kind: PullString}
			for _, toy := range toys {
				take := Take{Toy: toy}
				if len(piles[toy-1]) == 0 {
					take.Empty = n < 4
				} else {
					v := piles[toy-1][0]
					piles[toy-1] = piles[toy-1][1:]
					sums[seat] += v
					held[seat][toy] = true
					if n < 4 {
						take.Chip = v
					}
				}
				s.Crossed = append(s.Crossed, take)
			}
			do(s)
		}
	}
	for i := range sums {
		if variant == Experienced {
			if len(held[i]) == Toys {
				sums[i] += AllTypesBonus
			} else {
				sums[i] += len(held[i])
			}
		}
	}
	if pos.Phase() == WaitString {
		left := map[string]float64{}
		for i, name := range pos.TiedForWin() {
			left[name] = float64(10 + i)
		}
		do(measure(left))
	}
	return pos, steps, sums
}

// TestApplyLeavesTheReceiver: positions are values.
func TestApplyLeavesTheReceiver(t *testing.T) {
	p := apply(t, start(t, 3, Y, Options{}), tile(T), pull(1))
	before := p.View()
	next := apply(t, p, got(Take{Toy: 1, Chip: 2}), pull(2))
	if !sameJSON(t, before, p.View()) {
		t.Error("Apply changed its receiver")
	}
	if next.Players[1].Chips[1][0] != 2 || len(p.Players[1].Chips[1]) != 0 {
		t.Error("the next position does not hold Ben's chip")
	}
}

// TestTileErrorOffersColours: what the turn page offers.
func TestTileErrorOffersColours(t *testing.T) {
	p := start(t, 4, Y, Options{})
	var ok []Colour
	for _, c := range Colours() {
		if p.TileError(c) == nil {
			ok = append(ok, c)
		}
	}
	if !slices.Equal(ok, []Colour{T, P, G}) {
		t.Errorf("offered %v", ok)
	}
	if err := p.TileError("purple"); err == nil || err.Code != "no_such_colour" {
		t.Errorf("purple: %v", err)
	}
}

// The view's totals follow the variant (KOC-4).
func TestTotalsUseTheVariant(t *testing.T) {
	p := apply(t, start(t, 4, Y, Options{Variant: Experienced}), tile(T), pull(1, 2), pull(), pull(), pull())
	tot := p.Totals()
	if tot[0].Total != 2+2+2 {
		t.Errorf("Ola: %d, want 4 in chips + 2 types", tot[0].Total)
	}
	var _ scoring.PlayerResult = tot[1]
}

// The zero Position (no game set up) answers without panicking.
func TestZeroPosition(t *testing.T) {
	var p Position
	if p.Phase() != WaitTile || p.StartSeat() != 0 || p.ToMove() != "" || p.Current() != -1 {
		t.Errorf("zero position: phase %v", p.Phase())
	}
	if _, err := p.Apply(tile(Y)); err == nil || err.Code != "player_count" {
		t.Errorf("a tile without a game: %v", err)
	}
	if err := p.TileError(Y); err == nil {
		t.Error("a colour offered without a game")
	}
}

// argumentPhrases are every phrase outcomeList and removal can say, in
// English: a pile gives one of two neighbouring values or is used up
// (ruling KOC-2), and the chips removed depend on the player count
// (ruling KOC-1).
var argumentPhrases = []string{
	"a 2", "a 3", "a 4", "a 2 or a 3", "a 3 or a 4", "nothing (used up)",
	"with 4 players no chip is removed, so each pile holds all 5",
	"with 3 players one chip is removed from each pile before play, leaving 4",
	"with 2 players 2 chips are removed from each pile before play, leaving 3",
}

// TestArgumentPhrases: every phrase a refusal passes as an argument
// (what a pile may give, what setup removed) is one of argumentPhrases,
// and is a phrase the pages translate (scoringtest.Phrase); colourList
// names Colours.
func TestArgumentPhrases(t *testing.T) {
	if got, want := colourList().String(), scoring.JoinNames([]string{string(Yellow), string(Turquoise), string(Pink), string(Green)}); got != want {
		t.Errorf("colourList() = %q, want %q", got, want)
	}
	seen := map[string]bool{}
	say := func(p scoring.Phrase) {
		scoringtest.Phrase(t, p)
		seen[p.String()] = true
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		r, _ := Removed(players)
		say(removal(players, r))
		// Every pile a game can reach: each prefix of each remainder.
		remainders(r, func(left []int) {
			for n := 0; n <= len(left); n++ {
				say(outcomeList(outcomes(pileLeft(r, 1, left[:n]))))
			}
		})
	}
	for s := range seen {
		if !slices.Contains(argumentPhrases, s) {
			t.Errorf("%q is not in argumentPhrases", s)
		}
	}
	for _, s := range argumentPhrases {
		if !seen[s] {
			t.Errorf("argumentPhrases has %q, which no pile or setup says", s)
		}
	}
}

// TestRefusalFormats: refusals keep their format and arguments, so pages
// can say them in another language; the English message is unchanged.
func TestRefusalFormats(t *testing.T) {
	pos, err := Start(names4, Tile{Colour: Yellow, Piece: "sofa"}, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, serr := pos.Apply(tile(Yellow))
	if serr == nil {
		t.Fatal("a yellow tile on the yellow start tile was accepted")
	}
	if want := "Ola cannot play a yellow tile on the yellow sofa: a tile must differ in colour from the tile it is played on"; serr.Message != want {
		t.Errorf("message %q, want %q", serr.Message, want)
	}
	if want := "%s cannot play a %s tile on the %s %s: a tile must differ in colour from the tile it is played on"; serr.Phrase.Format() != want {
		t.Errorf("format %q, want %q", serr.Phrase.Format(), want)
	}
	// The colour is a word the catalog translates (a phrase), the piece
	// typed by the table is shown as typed (a name).
	if args := serr.Phrase.Args(); len(args) != 4 || !reflect.DeepEqual(args[1], Yellow.Word()) || args[3] != scoring.Name("sofa") {
		t.Errorf("args %v: the colour must be a catalog word, the piece as typed", serr.Phrase.Args())
	}
}

// TestMovesAreTheLegalMoves: Moves lists, in its compact form, exactly
// the moves Apply plays (rulings KOC-1 to KOC-5): the colours a tile may
// have, no toy crossed, each toy with each chip its pile may give (one
// known chip written out), not enough string in round 12, and the string
// left of the tied players. Random games played with the moves offered
// end with the game over, for 2, 3 and 4 players.
func TestMovesAreTheLegalMoves(t *testing.T) {
	accepted := func(p Position, s Step) bool { _, serr := p.Apply(s); return serr == nil }
	complete := func(p Position, moves []Step) {
		t.Helper()
		scoringtest.Legal(t, p, moves)
		has := func(ok func(Step) bool) bool { return slices.ContainsFunc(moves, ok) }
		switch p.Phase() {
		case WaitTile:
			for _, c := range append(Colours(), "purple") {
				if offered := has(func(m Step) bool { return m.Tile.Colour == c }); offered != accepted(p, tile(c)) {
					t.Fatalf("round %d: tile %s offered %v", p.Round(), c, offered)
				}
			}
		case WaitTurn:
			for toy := 0; toy <= Toys+1; toy++ {
				for chip := 1; chip <= 5; chip++ {
					s := Step{Kind: PullString, Crossed: []Take{{Toy: toy, Chip: chip}}}
					if offered := has(func(m Step) bool { return slices.Equal(m.Crossed, s.Crossed) }); offered != accepted(p, s) {
						t.Fatalf("round %d: toy %d chip %d offered %v", p.Round(), toy, chip, offered)
					}
				}
				s := Step{Kind: PullString, Crossed: []Take{{Toy: toy, Empty: true}}}
				if offered := has(func(m Step) bool { return slices.Equal(m.Crossed, s.Crossed) }); offered != accepted(p, s) {
					t.Fatalf("round %d: toy %d used up offered %v", p.Round(), toy, offered)
				}
			}
			if offered := has(func(m Step) bool { return m.Short }); offered != accepted(p, Step{Kind: PullString, Short: true}) {
				t.Fatalf("round %d: short of string offered %v", p.Round(), offered)
			}
		case WaitString:
			if len(moves) != 1 || len(moves[0].StringLeft) != len(p.TiedForWin()) {
				t.Fatalf("string left: %+v for %v", moves, p.TiedForWin())
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for range 10 {
			start, err := Start(names4[:players], Tile{Colour: Pink}, rng.IntN(players), withDefaults(Options{}))
			if err != nil {
				t.Fatal(err)
			}
			end := scoringtest.Playout(t, Engine{}, Rules{}, start, 200, func(_ Position, moves []Step) (Step, bool) {
				return moves[rng.IntN(len(moves))], true
			}, complete)
			if !end.Over() {
				t.Fatalf("%d players: not over after 200 moves (round %d)", players, end.Round())
			}
		}
	}
}
