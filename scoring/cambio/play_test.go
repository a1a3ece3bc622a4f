package cambio

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"tablemate/scoring/scoringtest"
)

var trio = []string{"Ana", "Ben", "Cy"}

func start(t *testing.T, players []string, dealer int) Position {
	t.Helper()
	p, err := Start(players, Setup{Dealer: dealer})
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
			t.Fatalf("step %d (%s %d): %v", p.Played+1, s.Action, s.Seat, err)
		}
		p = next
	}
	return p
}

// scoreStep is a Score step with each seat's cards as tokens and caller
// (or NoCaller).
func scoreStep(t *testing.T, names []string, caller int, hands ...[]string) Step {
	t.Helper()
	r := RoundEntry{}
	for i, h := range hands {
		rp := RoundPlayer{Name: names[i], Cambio: i == caller}
		for _, tok := range h {
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

func TestTurnsRotateFromTheDealer(t *testing.T) {
	// Rule text, set-up IV–V: the dealer starts; the deal passes clockwise.
	p := start(t, trio, 1)
	if p.Round() != 1 || p.Dealer() != 1 || p.ToMove() != "Ben" || p.TurnsTaken != 0 {
		t.Fatalf("round %d dealer %d to move %q", p.Round(), p.Dealer(), p.ToMove())
	}
	p = apply(t, p, Step{Action: ActDone, Seat: 1}, Step{Action: ActDone, Seat: 2}, Step{Action: ActDone, Seat: 0})
	if p.ToMove() != "Ben" || p.TurnsTaken != 3 {
		t.Fatalf("after a lap %q to move, %d turns", p.ToMove(), p.TurnsTaken)
	}
	p = apply(t, p, Step{Action: ActOut, Seat: 2}, scoreStep(t, trio, NoCaller, []string{"1"}, []string{"2"}, nil))
	if p.Round() != 2 || p.Dealer() != 2 || p.ToMove() != "Cy" || p.TurnsTaken != 0 {
		t.Fatalf("round 2: dealer %d, %q to move", p.Dealer(), p.ToMove())
	}
}

func TestCambioGivesEveryoneElseOneMoreTurn(t *testing.T) {
	// Rule text, end of round II and ruling CAM-2: the caller's turn is the
	// call; each of the other players has exactly one more turn.
	p := start(t, []string{"Ana", "Ben", "Cy", "Dee"}, 0)
	p = apply(t, p, Step{Action: ActDone, Seat: 0}, Step{Action: ActCambio, Seat: 1})
	if p.Caller != 1 || p.LastTurns != 3 || p.ToMove() != "Cy" {
		t.Fatalf("after the call: caller %d, %d last turns, %q to move", p.Caller, p.LastTurns, p.ToMove())
	}
	if got := p.LastTurnSeats(); !reflect.DeepEqual(got, []int{2, 3, 0}) {
		t.Errorf("last turns by seats %v, want Cy, Dee, Ana", got)
	}
	p = apply(t, p, Step{Action: ActDone, Seat: 2}, Step{Action: ActDone, Seat: 3})
	if p.Phase != Playing || p.ToMove() != "Ana" {
		t.Fatalf("Ana's last turn is still to come: phase %d, %q", p.Phase, p.ToMove())
	}
	p = apply(t, p, Step{Action: ActDone, Seat: 0})
	if p.Phase != Scoring || p.ToMove() != "" {
		t.Fatalf("after the last turn the round closes: phase %d", p.Phase)
	}
}

func TestNoCardsEndsTheRoundAtOnce(t *testing.T) {
	// Rule text, end of round I: even during the last turns after a call.
	p := start(t, trio, 0)
	p = apply(t, p, Step{Action: ActCambio, Seat: 0}, Step{Action: ActOut, Seat: 2})
	if p.Phase != Scoring || p.OutSeat != 2 || p.ExpectedCards(2) != 0 {
		t.Fatalf("phase %d out %d", p.Phase, p.OutSeat)
	}
}

func TestPenaltyCardsAreCountedPerRound(t *testing.T) {
	p := start(t, trio, 0)
	p = apply(t, p, Step{Action: ActPenalty, Seat: 2, Delta: 1}, Step{Action: ActPenalty, Seat: 2, Delta: 1},
		Step{Action: ActPenalty, Seat: 2, Delta: -1}, Step{Action: ActPenalty, Seat: 0, Delta: 1})
	if !reflect.DeepEqual(p.Penalties, []int{1, 0, 1}) {
		t.Fatalf("penalties %v", p.Penalties)
	}
	if p.ExpectedCards(2) != 5 || p.ExpectedCards(1) != 4 {
		t.Errorf("expected cards %d %d, want 4 dealt + penalties", p.ExpectedCards(2), p.ExpectedCards(1))
	}
	p = apply(t, p, Step{Action: ActOut, Seat: 1}, scoreStep(t, trio, NoCaller, []string{"1", "1", "1", "1", "1"}, nil, []string{"2", "2", "2", "2", "2"}))
	if !reflect.DeepEqual(p.Penalties, []int{0, 0, 0}) {
		t.Errorf("a new round starts without penalty cards: %v", p.Penalties)
	}
}

func TestCallerBonusAndGameEndAtFifty(t *testing.T) {
	// Ruling CAM-2 on the rule text: Ben calls and has the fewest (−5);
	// the game ends after the round in which Ana passes 50; fewest wins.
	p := start(t, trio, 0)
	p = apply(t, p, Step{Action: ActDone, Seat: 0}, Step{Action: ActCambio, Seat: 1}, Step{Action: ActDone, Seat: 2}, Step{Action: ActDone, Seat: 0},
		scoreStep(t, trio, 1, []string{"13", "blue-king", "10"}, []string{"1", "2"}, []string{"5", "5"}))
	if got := p.Result().Players[1].Total; got != -2 {
		t.Fatalf("Ben's round 1 = %d, want 3 − 5", got)
	}
	p = apply(t, p, Step{Action: ActOut, Seat: 2},
		scoreStep(t, trio, NoCaller, []string{"13", "energy"}, []string{"4"}, nil))
	if !p.Over() {
		t.Fatalf("Ana has %d: the game is over", p.Result().Players[0].Total)
	}
	res := p.Result()
	if !res.Valid || !reflect.DeepEqual(res.Winners, []string{"Ben"}) || res.Players[0].Total != 59 {
		t.Errorf("result %+v", res)
	}
	if _, err := p.Apply(Step{Action: ActDone, Seat: 0}); err == nil || err.Code != "after_game_end" {
		t.Errorf("a step after the end: %v", err)
	}
}

func TestRefusedSteps(t *testing.T) {
	open := start(t, trio, 0)
	called := apply(t, open, Step{Action: ActCambio, Seat: 0})
	closed := apply(t, called, Step{Action: ActDone, Seat: 1}, Step{Action: ActDone, Seat: 2})
	out := apply(t, open, Step{Action: ActOut, Seat: 1})
	over := apply(t, open, Step{Action: ActOut, Seat: 0}, scoreStep(t, trio, NoCaller, nil, []string{"13", "13", "13", "13"}, []string{"1"}))
	cases := []struct {
		name string
		pos  Position
		step Step
		code string
		rule string // "" = CAM-2
	}{
		{"Cambio called twice in a round", called, Step{Action: ActCambio, Seat: 1}, "cambio_twice", ""},
		{"a turn out of order", open, Step{Action: ActDone, Seat: 2}, "not_their_turn", ""},
		{"Cambio by someone not to move", open, Step{Action: ActCambio, Seat: 1}, "not_their_turn", ""},
		{"a turn after the round closed", closed, Step{Action: ActDone, Seat: 0}, "round_closed", ""},
		{"Cambio after the round closed", out, Step{Action: ActCambio, Seat: 0}, "round_closed", ""},
		{"a penalty after the round closed", closed, Step{Action: ActPenalty, Seat: 0, Delta: 1}, "round_closed", ""},
		{"no cards twice", out, Step{Action: ActOut, Seat: 2}, "round_closed", ""},
		{"scoring a round still played", called, scoreStep(t, trio, 0, nil, nil, nil), "round_not_over", ""},
		{"taking back a penalty never drawn", open, Step{Action: ActPenalty, Seat: 1, Delta: -1}, "no_penalty_card", ""},
		{"two penalty cards at once", open, Step{Action: ActPenalty, Seat: 1, Delta: 2}, "penalty_delta", ""},
		{"a seat that does not exist", open, Step{Action: ActDone, Seat: 3}, "no_such_seat", ""},
		{"the wrong caller scored", closed, scoreStep(t, trio, 1, nil, nil, nil), "caller_mismatch", ""},
		{"a caller scored when nobody called", out, scoreStep(t, trio, 0, nil, nil, nil), "caller_mismatch", ""},
		// ruling CAM-3: the player who ran out holds nothing; the caller's
		// cards are frozen, so the caller cannot run out and turns over
		// at least one card.
		{"the player out with cards", out, scoreStep(t, trio, NoCaller, []string{"1"}, []string{"2"}, nil), "out_has_cards", "CAM-3"},
		{"the caller goes out after the call", called, Step{Action: ActOut, Seat: 0}, "caller_frozen", "CAM-3"},
		{"the caller scored with no cards", closed, scoreStep(t, trio, 0, nil, []string{"2"}, []string{"3"}), "caller_out", "CAM-3"},
		{"a round without everyone", out, scoreStep(t, trio, NoCaller, []string{"1"}, nil), "round_players", ""},
		{"a round after the game end", over, Step{Action: ActOut, Seat: 0}, "after_game_end", ""},
		{"a score after the game end", over, scoreStep(t, trio, NoCaller, nil, nil, nil), "after_game_end", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.pos.Apply(c.step)
			rule := c.rule
			if rule == "" {
				rule = "CAM-2"
			}
			if err == nil || err.Code != c.code || err.Rule != rule || err.Step != c.pos.Played+1 || err.Message == "" {
				t.Fatalf("got %+v, want %s (rule %s) at step %d", err, c.code, rule, c.pos.Played+1)
			}
			if !reflect.DeepEqual(got, c.pos) {
				t.Error("a refused step changed the position")
			}
		})
	}
}

// Ruling CAM-3 from its words: "After the call the caller's cards are
// frozen: nobody may discard them, so the caller still holds at least one
// card at the end of the round." Another player may still run out during
// the last turns, which ends the round at once.
func TestCallerIsFrozenAfterTheCall(t *testing.T) {
	called := apply(t, start(t, trio, 0), Step{Action: ActDone, Seat: 0}, Step{Action: ActCambio, Seat: 1})
	if _, err := called.Apply(Step{Action: ActOut, Seat: 1}); err == nil || err.Code != "caller_frozen" || err.Rule != "CAM-3" {
		t.Fatalf("the caller going out: %v", err)
	}
	out := apply(t, called, Step{Action: ActOut, Seat: 2})
	if out.Phase != Scoring || out.OutSeat != 2 || out.Caller != 1 {
		t.Fatalf("another player out after the call: %+v", out)
	}
	// The caller turns over at least one card; the player out none.
	if _, err := out.Apply(scoreStep(t, trio, 1, []string{"4"}, nil, nil)); err == nil || err.Code != "caller_out" {
		t.Errorf("the caller with no cards: %v", err)
	}
	scored := apply(t, out, scoreStep(t, trio, 1, []string{"4"}, []string{"1"}, nil))
	if res := scored.Result(); !res.Valid || res.Players[1].Total != 1+5 { // Cy (0) had fewer than the caller
		t.Errorf("scored %+v", res)
	}
	// Before the call everyone, the next caller included, may run out.
	open := start(t, trio, 0)
	for seat := range trio {
		if _, err := open.Apply(Step{Action: ActOut, Seat: seat}); err != nil {
			t.Errorf("seat %d out before any call: %v", seat, err)
		}
	}
}

func TestStartRefusesWhatCannotBePlayed(t *testing.T) {
	for _, c := range []struct {
		players []string
		dealer  int
		code    string
	}{
		{[]string{"Ana"}, 0, "player_count"},
		{[]string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 0, "player_count"},
		{trio, 3, "no_such_seat"},
		{trio, -1, "no_such_seat"},
	} {
		_, err := Start(c.players, Setup{Dealer: c.dealer})
		se, ok := err.(*StepError)
		if !ok || se.Code != c.code || se.Rule != "CAM-2" || se.Step != 0 {
			t.Errorf("%v dealer %d: %v, want %s", c.players, c.dealer, err, c.code)
		}
	}
}

func TestApplyLeavesItsReceiverAlone(t *testing.T) {
	p := start(t, trio, 0)
	p = apply(t, p, Step{Action: ActPenalty, Seat: 0, Delta: 1}, Step{Action: ActOut, Seat: 1})
	before := p
	pens := append([]int(nil), p.Penalties...)
	after := apply(t, p, scoreStep(t, trio, NoCaller, []string{"1"}, nil, []string{"2"}))
	if !reflect.DeepEqual(p.Penalties, pens) || len(p.Rounds) != 0 || !reflect.DeepEqual(before, p) {
		t.Error("Apply changed its receiver")
	}
	if len(after.Rounds) != 1 {
		t.Error("the round was not recorded")
	}
}

// Refusals keep their English words and their format, from which a page
// says them in another language.
func TestRefusalsKeepTheirWordsAndFormat(t *testing.T) {
	open := start(t, trio, 0)
	called := apply(t, open, Step{Action: ActCambio, Seat: 0})
	closed := apply(t, called, Step{Action: ActDone, Seat: 1}, Step{Action: ActDone, Seat: 2})
	out := apply(t, open, Step{Action: ActOut, Seat: 1})
	for _, c := range []struct {
		pos  Position
		step Step
		want string
	}{
		{closed, Step{Action: ActDone, Seat: 0}, "round 1 ended: Ana called Cambio and everyone else had one more turn; enter everyone's cards to score it before anyone plays on"},
		{out, Step{Action: ActDone, Seat: 0}, "round 1 ended when Ben had no cards left; enter everyone's cards to score it before anyone plays on"},
		{out, scoreStep(t, trio, 0, nil, nil, nil), "the round marks Ana as the Cambio caller, but nobody called Cambio in round 1"},
	} {
		_, err := c.pos.Apply(c.step)
		if err == nil || err.Message != c.want || err.Phrase.Format() == "" || fmt.Sprintf(err.Phrase.Format(), err.Phrase.Args()...) != err.Message {
			t.Errorf("got %+v\nwant %q", err, c.want)
		}
	}
	if _, err := Start([]string{"Ana"}, Setup{}); err == nil || err.(*StepError).Message != "Cambio is played by 2 to 8 players, not 1" {
		t.Errorf("one player: %v", err)
	}
}

// TestMovesAreTheLegalSteps: while turns are taken, Moves lists exactly
// the steps Apply plays (rulings CAM-2, CAM-3): the turn or the call of
// the player to move, anyone but the caller running out, penalty cards
// drawn and taken back. A closed round lists one score step naming every
// player and marking the caller, which Apply takes once the table fills
// in the cards. Random games played with the moves offered end at the
// target.
func TestMovesAreTheLegalSteps(t *testing.T) {
	accepted := func(p Position, s Step) bool { _, err := p.Apply(s); return err == nil }
	rng := rand.New(rand.NewPCG(9, 10))
	for game := range 10 {
		p := start(t, trio[:2+game%2], game%2)
		end := scoringtest.Playout(t, Engine{}, Rules{}, p, 3000, func(p Position, moves []Step) (Step, bool) {
			if p.Phase == Scoring {
				// The table turns the cards over: three 4s each (one for the
				// caller, whose cards are frozen), none for who ran out.
				s := moves[0]
				r := *s.Round
				r.Players = slices.Clone(r.Players)
				for i := range r.Players {
					if i != p.OutSeat {
						r.Players[i].Cards = []Card{{Kind: Number, N: 4}, {Kind: Number, N: 4}, {Kind: Number, N: 4}}
					}
				}
				s.Round = &r
				return s, true
			}
			// Mostly turns, so rounds end; now and then a call, a player
			// out or a penalty card.
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
					if rp.Name != p.Players[i] || rp.Cambio != (i == p.Caller) {
						t.Fatalf("the score step names %+v", moves[0].Round.Players)
					}
				}
				return
			}
			scoringtest.Legal(t, p, moves)
			for seat := -1; seat <= len(p.Players); seat++ {
				for _, s := range []Step{{Action: ActDone, Seat: seat}, {Action: ActCambio, Seat: seat}, {Action: ActOut, Seat: seat},
					{Action: ActPenalty, Seat: seat, Delta: 1}, {Action: ActPenalty, Seat: seat, Delta: -1}, {Action: ActPenalty, Seat: seat, Delta: 2}} {
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
