package kodiak

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"tablemate/scoring/scoringtest"
)

var trio = []string{"Ana", "Ben", "Cy"}

func start(t *testing.T, players []string, first int) Position {
	t.Helper()
	p, err := Start(players, Setup{Kodiak: first})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func apply(t *testing.T, p Position, steps ...Step) Position {
	t.Helper()
	for _, s := range steps {
		next, err := p.Apply(s)
		if err != nil {
			t.Fatalf("step %d (%s %d %d): %v", p.Played+1, s.Action, s.Seat, s.Delta, err)
		}
		p = next
	}
	return p
}

// seatRound is one seat's end of a round for scoreStep.
type seatRound struct {
	cards              []string
	kept, discarded, p int
}

// scoreStep builds a Score step; kodiak is the seat marked as Kodiak.
func scoreStep(t *testing.T, names []string, kodiak int, rounds ...seatRound) Step {
	t.Helper()
	r := RoundEntry{}
	for i, sr := range rounds {
		rp := RoundPlayer{Name: names[i], Round: Round{Kodiak: i == kodiak, Pounces: sr.p, HairballsKept: sr.kept, HairballsDiscarded: sr.discarded}}
		for _, tok := range sr.cards {
			c, err := ParseCard(tok)
			if err != nil {
				t.Fatal(err)
			}
			rp.Cards = append(rp.Cards, c)
		}
		r.Players = append(r.Players, rp)
	}
	return Step{Action: ActScore, Round: &r}
}

func TestKodiakStartsAndPassesLeft(t *testing.T) {
	// Rule text, set-up IV–V: Kodiak has the first turn; the role passes
	// clockwise each round (ruling KOD-1).
	p := start(t, trio, 2)
	if p.Kodiak() != 2 || p.ToMove() != "Cy" || p.GameRounds() != 3 {
		t.Fatalf("Kodiak %d, %q to move, %d rounds", p.Kodiak(), p.ToMove(), p.GameRounds())
	}
	p = apply(t, p, Step{Action: ActDone, Seat: 2}, Step{Action: ActDone, Seat: 0})
	if p.ToMove() != "Ben" {
		t.Fatalf("%q to move", p.ToMove())
	}
	p = apply(t, p, Step{Action: ActOut, Seat: 0}, scoreStep(t, trio, 2, seatRound{}, seatRound{cards: []string{"4"}}, seatRound{cards: []string{"1", "2", "3"}}))
	if p.Round() != 2 || p.Kodiak() != 0 || p.ToMove() != "Ana" || p.TurnsTaken != 0 {
		t.Fatalf("round 2: Kodiak %d, %q to move", p.Kodiak(), p.ToMove())
	}
}

func TestThirdPounceEndsTheRound(t *testing.T) {
	// Rule text, end of round: "Kodiak must have pounced 3 times
	// successfully" to run out of cards; ruling KOD-1: at most 3 (−15).
	p := start(t, trio, 0)
	p = apply(t, p, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: -1}, Step{Action: ActPounce, Delta: 1})
	if p.Pounces != 2 || p.Phase != Playing || p.ExpectedCards(0) != 1 {
		t.Fatalf("pounces %d phase %d", p.Pounces, p.Phase)
	}
	p = apply(t, p, Step{Action: ActPounce, Delta: 1})
	if p.Phase != Scoring || p.OutSeat != 0 {
		t.Fatalf("the third pounce ends the round: phase %d out %d", p.Phase, p.OutSeat)
	}
	if _, err := p.Apply(Step{Action: ActPounce, Delta: 1}); err == nil || err.Code != "too_many_pounces" {
		t.Errorf("a 4th pounce: %v", err)
	}
	p = apply(t, p, scoreStep(t, trio, 0, seatRound{p: 3}, seatRound{cards: []string{"5", "5"}}, seatRound{cards: []string{"blue-king"}, kept: 1}))
	if got := p.Result().Players; got[0].Total != -15 || got[1].Total != 10 || got[2].Total != 23 {
		t.Errorf("totals %d %d %d, want −15 10 23", got[0].Total, got[1].Total, got[2].Total)
	}
}

// TestGameEndsWhenEveryoneWasKodiak plays docs/api-kodiak.md's example game.
func TestGameEndsWhenEveryoneWasKodiak(t *testing.T) {
	p := start(t, trio, 0)
	p = apply(t, p, Step{Action: ActDone, Seat: 0}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActHairball, Seat: 2, Delta: 1},
		Step{Action: ActPounce, Delta: 1}, Step{Action: ActOut, Seat: 1},
		scoreStep(t, trio, 0, seatRound{cards: []string{"red-king"}, p: 2}, seatRound{}, seatRound{cards: []string{"blue-king"}, discarded: 1}))
	p = apply(t, p, Step{Action: ActPounce, Delta: 1}, Step{Action: ActOut, Seat: 2},
		scoreStep(t, trio, 1, seatRound{cards: []string{"swap"}, kept: 1}, seatRound{cards: []string{"2"}, p: 1}, seatRound{}))
	if p.Over() || p.Kodiak() != 2 {
		t.Fatalf("round 3 is Cy's as Kodiak: over %v Kodiak %d", p.Over(), p.Kodiak())
	}
	p = apply(t, p, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1},
		scoreStep(t, trio, 2, seatRound{cards: []string{"1", "1"}}, seatRound{cards: []string{"0"}}, seatRound{p: 3}))
	if !p.Over() {
		t.Fatal("after 3 rounds with 3 players everyone was Kodiak once")
	}
	res := p.Result()
	totals := []int{res.Players[0].Total, res.Players[1].Total, res.Players[2].Total}
	if !res.Valid || !reflect.DeepEqual(totals, []int{10, -3, 3}) || !reflect.DeepEqual(res.Winners, []string{"Ben"}) {
		t.Errorf("totals %v winners %v violations %+v", totals, res.Winners, res.Violations)
	}
	if _, err := p.Apply(Step{Action: ActDone, Seat: 0}); err == nil || err.Code != "after_game_end" || err.Rule != "KOD-1" {
		t.Errorf("a round after the game end: %v", err)
	}
}

func TestRefusedSteps(t *testing.T) {
	open := start(t, trio, 0)
	three := apply(t, open, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1})
	out := apply(t, open, Step{Action: ActHairball, Seat: 1, Delta: 1}, Step{Action: ActOut, Seat: 2})
	two := []string{"Ana", "Ben"}
	over := apply(t, start(t, two, 0), Step{Action: ActOut, Seat: 1}, scoreStep(t, two, 0, seatRound{cards: []string{"1"}}, seatRound{}),
		Step{Action: ActOut, Seat: 0}, scoreStep(t, two, 1, seatRound{}, seatRound{cards: []string{"1"}}))
	cases := []struct {
		name       string
		pos        Position
		step       Step
		code, rule string
	}{
		{"a 4th pounce", apply(t, open, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActHairball, Seat: 1, Delta: 1}, Step{Action: ActPounce, Delta: -1}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1}), Step{Action: ActPounce, Delta: 1}, "too_many_pounces", "KOD-1"},
		{"a pounce taken back after the round closed", three, Step{Action: ActPounce, Delta: -1}, "round_closed", "KOD-1"},
		{"taking back a pounce never made", open, Step{Action: ActPounce, Delta: -1}, "no_pounce", "KOD-1"},
		{"two pounces at once", open, Step{Action: ActPounce, Delta: 2}, "count_delta", "KOD-1"},
		{"taking back a hairball never discarded", open, Step{Action: ActHairball, Seat: 2, Delta: -1}, "no_hairball", "KOD-1"},
		{"a turn out of order", open, Step{Action: ActDone, Seat: 1}, "not_their_turn", "KOD-1"},
		{"a turn after the round closed", out, Step{Action: ActDone, Seat: 0}, "round_closed", "KOD-1"},
		{"a seat that does not exist", open, Step{Action: ActOut, Seat: 5}, "no_such_seat", "KOD-1"},
		{"scoring a round still played", open, scoreStep(t, trio, 0, seatRound{}, seatRound{}, seatRound{}), "round_not_over", "KOD-1"},
		{"the wrong Kodiak", out, scoreStep(t, trio, 1, seatRound{}, seatRound{discarded: 1}, seatRound{}), "kodiak_mismatch", "KOD-1"},
		{"a mouse's pounce", out, scoreStep(t, trio, 0, seatRound{}, seatRound{discarded: 1, p: 1}, seatRound{}), "pounce_mismatch", "KOD-1"},
		{"pounces not the ones played", three, scoreStep(t, trio, 0, seatRound{p: 2}, seatRound{}, seatRound{}), "pounce_mismatch", "KOD-1"},
		{"hairballs not the ones played", out, scoreStep(t, trio, 0, seatRound{}, seatRound{}, seatRound{}), "hairball_mismatch", "KOD-1"},
		{"a hairball typed as a card", out, scoreStep(t, trio, 0, seatRound{cards: []string{"hairball"}}, seatRound{discarded: 1}, seatRound{}), "hairball_as_card", "KOD-2"},
		{"the player out with cards", out, scoreStep(t, trio, 0, seatRound{}, seatRound{discarded: 1}, seatRound{kept: 1}), "out_has_cards", "KOD-1"},
		{"a negative count", out, scoreStep(t, trio, 0, seatRound{kept: -1}, seatRound{discarded: 1}, seatRound{}), "negative_count", "KOD-1"},
		{"a round without everyone", out, scoreStep(t, trio, 0, seatRound{}, seatRound{discarded: 1}), "round_players", "KOD-1"},
		{"a round after the game end", over, Step{Action: ActOut, Seat: 0}, "after_game_end", "KOD-1"},
		{"a pounce after the game end", over, Step{Action: ActPounce, Delta: 1}, "after_game_end", "KOD-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.pos.Apply(c.step)
			if err == nil || err.Code != c.code || err.Rule != c.rule || err.Step != c.pos.Played+1 || err.Message == "" {
				t.Fatalf("got %+v, want %s (rule %s) at step %d", err, c.code, c.rule, c.pos.Played+1)
			}
			if !reflect.DeepEqual(got, c.pos) {
				t.Error("a refused step changed the position")
			}
		})
	}
}

// Ruling KOD-3 from its words: "Kodiak is dealt 3 table cards and never
// gains one (every draw is exchanged); each successful pounce and each
// hairball Kodiak discards by accident costs one. So Kodiak's cards left
// (kept hairballs included) ≤ 3 − pounces − hairballs discarded; after 3
// pounces Kodiak holds nothing. When Kodiak's last card goes, the round
// ends. The score check and guided play agree on this."
func TestKodiakCardsKOD3(t *testing.T) {
	open := start(t, trio, 0) // Ana is Kodiak
	for _, c := range []struct {
		name   string
		steps  []Step
		closed bool // Kodiak's last card went: the round ended
		expect int  // ExpectedCards(Kodiak) while it is played
	}{
		{"dealt 3", nil, false, 3},
		{"a pounce costs one", []Step{{Action: ActPounce, Delta: 1}}, false, 2},
		{"a hairball Kodiak discards costs one", []Step{{Action: ActHairball, Seat: 0, Delta: 1}}, false, 2},
		{"a mouse's hairball costs Kodiak nothing", []Step{{Action: ActHairball, Seat: 1, Delta: 1}}, false, 3},
		{"3 pounces take all", []Step{{Action: ActPounce, Delta: 1}, {Action: ActPounce, Delta: 1}, {Action: ActPounce, Delta: 1}}, true, 0},
		{"2 pounces and a hairball take all", []Step{{Action: ActPounce, Delta: 1}, {Action: ActHairball, Seat: 0, Delta: 1}, {Action: ActPounce, Delta: 1}}, true, 0},
		{"3 hairballs take all", []Step{{Action: ActHairball, Seat: 0, Delta: 1}, {Action: ActHairball, Seat: 0, Delta: 1}, {Action: ActHairball, Seat: 0, Delta: 1}}, true, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := apply(t, open, c.steps...)
			if (p.Phase == Scoring) != c.closed || (c.closed && p.OutSeat != 0) {
				t.Fatalf("phase %v out %d, want closed=%v with Ana out", p.Phase, p.OutSeat, c.closed)
			}
			if got := p.ExpectedCards(0); got != c.expect {
				t.Errorf("ExpectedCards(Kodiak) = %d, want %d", got, c.expect)
			}
		})
	}
	// The scored round: Kodiak holds at most 3 − pounces − hairballs.
	played := apply(t, open, Step{Action: ActPounce, Delta: 1}, Step{Action: ActHairball, Seat: 0, Delta: 1}, Step{Action: ActOut, Seat: 1})
	for _, c := range []struct {
		name string
		ana  seatRound
		code string
	}{
		{"one card left", seatRound{cards: []string{"4"}, p: 1, discarded: 1}, ""},
		{"two cards left", seatRound{cards: []string{"4", "5"}, p: 1, discarded: 1}, "kodiak_cards"},
		{"a card and a hairball kept", seatRound{cards: []string{"4"}, p: 1, discarded: 1, kept: 1}, "kodiak_cards"},
	} {
		t.Run(c.name, func(t *testing.T) {
			step := scoreStep(t, trio, 0, c.ana, seatRound{}, seatRound{cards: []string{"1"}})
			_, err := played.Apply(step)
			switch {
			case c.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.code != "" && (err == nil || err.Code != c.code || err.Rule != "KOD-3"):
				t.Fatalf("got %v, want %s (KOD-3)", err, c.code)
			}
			// The score check says the same of the same round.
			r := Round{Kodiak: true, Pounces: c.ana.p, HairballsDiscarded: c.ana.discarded, HairballsKept: c.ana.kept}
			for _, tok := range c.ana.cards {
				card, _ := ParseCard(tok)
				r.Cards = append(r.Cards, card)
			}
			found := false
			for _, v := range checkPlayerRound("Ana", 0, r) {
				found = found || v.Code == "kodiak_cards"
			}
			if found != (c.code != "") {
				t.Errorf("the score check reports kodiak_cards = %v, guided play %v", found, c.code != "")
			}
		})
	}
}

func TestStartRefusesWhatCannotBePlayed(t *testing.T) {
	for _, c := range []struct {
		players []string
		first   int
		code    string
	}{
		{[]string{"Ana"}, 0, "player_count"},
		{[]string{"A", "B", "C", "D", "E", "F", "G"}, 0, "player_count"},
		{trio, 3, "no_such_seat"},
	} {
		_, err := Start(c.players, Setup{Kodiak: c.first})
		se, ok := err.(*StepError)
		if !ok || se.Code != c.code || se.Rule != "KOD-1" {
			t.Errorf("%v first %d: %v, want %s", c.players, c.first, err, c.code)
		}
	}
}

func TestCyclesLengthenTheGame(t *testing.T) {
	p, err := Start([]string{"Ana", "Ben"}, Setup{Options: Options{Cycles: 2}})
	if err != nil || p.GameRounds() != 4 {
		t.Fatalf("%v rounds %d", err, p.GameRounds())
	}
}

// Refusals keep their English words and their format, from which a page
// says them in another language.
func TestRefusalsKeepTheirWordsAndFormat(t *testing.T) {
	open := start(t, trio, 0)
	three := apply(t, open, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1}, Step{Action: ActPounce, Delta: 1})
	out := apply(t, open, Step{Action: ActHairball, Seat: 1, Delta: 1}, Step{Action: ActOut, Seat: 2})
	two := []string{"Ana", "Ben"}
	over := apply(t, start(t, two, 0), Step{Action: ActOut, Seat: 1}, scoreStep(t, two, 0, seatRound{cards: []string{"1"}}, seatRound{}),
		Step{Action: ActOut, Seat: 0}, scoreStep(t, two, 1, seatRound{}, seatRound{cards: []string{"1"}}))
	twice := over
	twice.Options.Cycles = 2
	for _, c := range []struct {
		pos  Position
		step Step
		want string
	}{
		{three, Step{Action: ActDone, Seat: 1}, "round 1 ended when Kodiak (Ana) pounced away the last card; enter everyone's cards to score it before anyone plays on"},
		{out, Step{Action: ActDone, Seat: 0}, "round 1 ended when Cy had no cards left; enter everyone's cards to score it before anyone plays on"},
		{over, Step{Action: ActOut, Seat: 0}, "the game is over: all 2 rounds are played and everyone was Kodiak 1 time"},
		{twice, Step{Action: ActOut, Seat: 0}, "the game is over: all 2 rounds are played and everyone was Kodiak 2 times"},
		{three, scoreStep(t, trio, 0, seatRound{p: 2}, seatRound{}, seatRound{}), "the round gives Ana 2 pounces, but 3 were counted in play"},
		{out, scoreStep(t, trio, 0, seatRound{}, seatRound{discarded: 1, p: 1}, seatRound{}), "the round gives Ben 1 pounce, but 0 were counted in play"},
		{out, scoreStep(t, trio, 0, seatRound{}, seatRound{}, seatRound{}), "the round gives Ben 0 hairballs discarded, but 1 were counted in play"},
		{out, scoreStep(t, trio, 0, seatRound{discarded: 1}, seatRound{discarded: 1}, seatRound{}), "the round gives Ana 1 hairball discarded, but 0 were counted in play"},
	} {
		_, err := c.pos.Apply(c.step)
		if err == nil || err.Message != c.want || err.Phrase.Format() == "" || fmt.Sprintf(err.Phrase.Format(), err.Phrase.Args()...) != err.Message {
			t.Errorf("got %+v\nwant %q", err, c.want)
		}
	}
}

// TestMovesAreTheLegalSteps: while turns are taken, Moves lists exactly
// the steps Apply plays (rulings KOD-1, KOD-3, CAM-1): the turn of the
// player to move, Kodiak's pounces (at most 3) and their corrections,
// hairballs discarded and taken back, anyone running out. A closed round
// lists one score step naming every player with the Kodiak and the
// counters played, which Apply takes once the table fills in the cards.
// Random games played with the moves offered end after everyone was
// Kodiak.
func TestMovesAreTheLegalSteps(t *testing.T) {
	accepted := func(p Position, s Step) bool { _, err := p.Apply(s); return err == nil }
	four, _ := ParseCard("4")
	rng := rand.New(rand.NewPCG(11, 12))
	for game := range 10 {
		p := start(t, trio[:2+game%2], game%2)
		end := scoringtest.Playout(t, Engine{}, Rules{}, p, 3000, func(p Position, moves []Step) (Step, bool) {
			if p.Phase == Scoring {
				// The table turns the cards over: as many 4s as each may
				// hold, none for who ran out.
				s := moves[0]
				r := *s.Round
				r.Players = slices.Clone(r.Players)
				for i := range r.Players {
					if n := p.ExpectedCards(i); n > 0 {
						r.Players[i].Cards = slices.Repeat([]Card{four}, n)
					}
				}
				s.Round = &r
				return s, true
			}
			if m := moves[0]; rng.IntN(4) > 0 {
				return m, true
			}
			return moves[rng.IntN(len(moves))], true
		}, func(p Position, moves []Step) {
			if p.Phase == Scoring {
				if len(moves) != 1 || moves[0].Action != ActScore || len(moves[0].Round.Players) != len(p.Players) {
					t.Fatalf("a closed round lists %+v", moves)
				}
				for i, rp := range moves[0].Round.Players {
					if rp.Name != p.Players[i] || rp.Kodiak != (i == p.Kodiak()) || rp.HairballsDiscarded != p.Hairballs[i] {
						t.Fatalf("the score step names %+v", moves[0].Round.Players)
					}
				}
				return
			}
			scoringtest.Legal(t, p, moves)
			for _, d := range []int{-1, 1, 2} {
				if s := (Step{Action: ActPounce, Delta: d}); slices.Contains(moves, s) != accepted(p, s) {
					t.Fatalf("step %d: %+v offered %v", p.Played+1, s, !accepted(p, s))
				}
			}
			for seat := -1; seat <= len(p.Players); seat++ {
				for _, s := range []Step{{Action: ActDone, Seat: seat}, {Action: ActOut, Seat: seat},
					{Action: ActHairball, Seat: seat, Delta: 1}, {Action: ActHairball, Seat: seat, Delta: -1}} {
					if offered := slices.Contains(moves, s); offered != accepted(p, s) {
						t.Fatalf("step %d: %+v offered %v", p.Played+1, s, offered)
					}
				}
			}
		})
		if !end.Over() || len(end.Moves()) != 0 {
			t.Fatalf("game %d not over: %+v", game, end)
		}
	}
}
