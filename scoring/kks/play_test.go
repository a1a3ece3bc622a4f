package kks

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// shuffled is a fixed "shuffled" deck: the 40 cards in the order k·17 mod 40
// (17 is coprime to 40, so every card comes exactly once).
func shuffled() []Card {
	var deck []Card
	for i := range 40 {
		k := i * 17 % 40
		deck = append(deck, Card{Colour: Colours()[k/10], Value: k%10 + 1})
	}
	return deck
}

func card(t *testing.T, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func must(t *testing.T, p Position, s Step) Position {
	t.Helper()
	next, err := p.Apply(s)
	if err != nil {
		t.Fatalf("turn %d, take %d: %v", p.Turn(), s.Take, err)
	}
	return next
}

// script picks a take for the player to move: varied, affordable, in the row.
func script(p Position) int {
	take := 1 + (p.Played*5+p.Current())%4
	take = min(take, p.Players[p.Current()].Tokens+1, len(p.Row))
	return take
}

// playOut plays a whole game from the fixed deck, checking the invariants
// after every turn, and returns the end position and the steps as JSON.
func playOut(t *testing.T, names []string) (Position, []map[string]any) {
	t.Helper()
	deck := shuffled()
	p, err := Start(names, deck[:RowSize])
	if err != nil {
		t.Fatal(err)
	}
	deck = deck[RowSize:]
	var log []map[string]any
	for !p.Over() {
		s := Step{Take: script(p)}
		entry := map[string]any{"take": s.Take}
		if p.DeckLeft > 0 {
			s.Reveal = &deck[0]
			entry["reveal"] = deck[0].String()
			deck = deck[1:]
		}
		p = must(t, p, s)
		log = append(log, entry)
		// ruling KKS-4: tokens only move between supplies and the row
		tokens, cards := 0, 0
		for _, r := range p.Row {
			tokens += r.Tokens
		}
		for _, seat := range p.Players {
			tokens += seat.Tokens
			cards += cardCount(Player{Display: seat.Display})
		}
		if tokens != MaxTokens*len(names) || cards != p.Played {
			t.Fatalf("turn %d: %d tokens, %d cards in displays", p.Played, tokens, cards)
		}
		if p.DeckLeft > 0 && len(p.Row) != RowSize {
			t.Fatalf("turn %d: row of %d with %d cards in the deck", p.Played, len(p.Row), p.DeckLeft)
		}
	}
	return p, log
}

// A scripted 3-player game to the end (ruling KKS-3): 36 turns, 12 cards
// per display, and its Final state scores through Score as a valid game.
func TestScriptedGame(t *testing.T) {
	names := []string{"Amelia", "Victor", "Enrique"}
	p, log := playOut(t, names)
	if p.Played != 36 || p.DeckLeft != 0 || len(p.Row) != 4 || p.ToMove() != "" || p.LastRound() {
		t.Fatalf("end: played %d, deck %d, row %d, to move %q", p.Played, p.DeckLeft, len(p.Row), p.ToMove())
	}
	res := Score(p.Final())
	if !res.Valid || len(res.Warnings) > 0 || !res.GameOver || len(res.Winners) == 0 {
		t.Fatalf("final state: %+v", res)
	}
	for i, seat := range p.Players {
		if n := cardCount(Player{Display: seat.Display}); n != 12 {
			t.Errorf("%s holds %d cards", seat.Name, n)
		}
		want := seat.Tokens // ruling KKS-5, counted independently
		for _, st := range seat.Display {
			for _, c := range st {
				if c.FaceDown {
					want--
				} else {
					want += c.Value
				}
			}
		}
		if res.Players[i].Name != seat.Name || res.Players[i].Total != want {
			t.Errorf("%s scores %d, want %d", res.Players[i].Name, res.Players[i].Total, want)
		}
	}

	// The same game through the JSON API.
	var row []string
	for _, c := range shuffled()[:RowSize] {
		row = append(row, c.String())
	}
	body, _ := json.Marshal(map[string]any{"players": names, "row": row, "steps": log})
	ans, err := Engine{}.Replay(body)
	if err != nil {
		t.Fatal(err)
	}
	if !ans.Valid || len(ans.Errors) != 0 || ans.Result == nil || !reflect.DeepEqual(*ans.Result, res) {
		t.Fatalf("replay: valid %v errors %v result %+v", ans.Valid, ans.Errors, ans.Result)
	}
	if !reflect.DeepEqual(ans.State, p.View()) || !ans.State.GameOver || ans.State.Turn != 36 {
		t.Errorf("replay state %+v", ans.State)
	}
	// The state's players are a /score request.
	scoreBody, _ := json.Marshal(map[string]any{"players": ans.State.Players})
	if again, err := (Engine{}).Check(scoreBody); err != nil || !reflect.DeepEqual(again, res) {
		t.Errorf("state posted to /score: %v %+v", err, again)
	}

	// One more step is refused.
	if _, serr := p.Apply(Step{Take: 1}); serr == nil || serr.Code != "after_game_end" || serr.Step != 37 {
		t.Errorf("after the end: %v", serr)
	}
}

// Ruling KKS-3: 17 turns each with 2 players, 9 with 4; the deck runs out
// at turn 33 and the round is finished without refills.
func TestGameLengths(t *testing.T) {
	for _, names := range [][]string{{"A", "B"}, {"A", "B", "C", "D"}} {
		p, _ := playOut(t, names)
		want := len(names) * TurnsPerPlayer(len(names))
		if p.Played != want || len(p.Row) != 40-want {
			t.Errorf("%d players: %d turns, row %d", len(names), p.Played, len(p.Row))
		}
		if res := Score(p.Final()); !res.Valid {
			t.Errorf("%d players: %v", len(names), res.Violations)
		}
	}
}

func TestLastRound(t *testing.T) {
	deck := shuffled()
	p, _ := Start([]string{"A", "B", "C"}, deck[:RowSize])
	for i := 0; i < 33; i++ {
		if p.LastRound() {
			t.Fatalf("last round at turn %d", p.Turn())
		}
		p = must(t, p, Step{Take: 1, Reveal: &deck[RowSize+i]})
	}
	// Turn 34 finds the deck empty; turns 34–36 finish the round.
	for turn := 34; turn <= 36; turn++ {
		if !p.LastRound() || p.Turn() != turn || p.Over() {
			t.Fatalf("turn %d: last round %v, over %v", p.Turn(), p.LastRound(), p.Over())
		}
		p = must(t, p, Step{Take: 1})
	}
	if !p.Over() || p.LastRound() {
		t.Errorf("after turn 36: over %v", p.Over())
	}
}

// The rule text's example: Amelia takes the red 1, the third card, and
// places one token on the red 10 and one on the black 2.
func TestRuleTextTake(t *testing.T) {
	var row []Card
	for _, s := range []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"} {
		row = append(row, card(t, s))
	}
	p, err := Start([]string{"Amelia", "Victor", "Enrique"}, row)
	if err != nil {
		t.Fatal(err)
	}
	pv, perr := p.Preview(3)
	if perr != nil || pv.Card != card(t, "red 1") || pv.Cost != 2 || pv.Gain != 0 || pv.FaceDown {
		t.Fatalf("preview %+v %v", pv, perr)
	}
	blue7 := card(t, "blue 7")
	before := p.View()
	next := must(t, p, Step{Take: 3, Reveal: &blue7})
	if !reflect.DeepEqual(p.View(), before) {
		t.Fatal("Apply changed its receiver")
	}
	v := next.View()
	wantRow := []RowJSON{{"red 10", 1}, {"black 2", 1}, {"blue 4", 0}, {"yellow 6", 0}, {"red 5", 0}, {"black 9", 0}, {"blue 7", 0}}
	if !slices.Equal(v.Row, wantRow) {
		t.Errorf("row %v", v.Row)
	}
	if a := v.Players[0]; a.Tokens != 5 || a.Display["red"] != "1" || v.Player != "Victor" || v.Turn != 2 || v.DeckLeft != 32 {
		t.Errorf("after Amelia's turn: %+v", v)
	}
	// Victor takes the red 10 for free, with the token lying on it.
	if next.Current() != 1 {
		t.Errorf("after Amelia, player %d moves", next.Current())
	}
	if pv, _ := next.Preview(1); pv.Gain != 1 || pv.Cost != 0 {
		t.Errorf("preview of the red 10: %+v", pv)
	}
	yellow2 := card(t, "yellow 2")
	next = must(t, next, Step{Take: 1, Reveal: &yellow2})
	if vic := next.Players[1]; vic.Tokens != 8 || vic.Display[Red].String() != "10" {
		t.Errorf("Victor: %+v", vic)
	}
}

// Ruling KKS-2 as the rule text tells it: a black 2 on a black 6 goes face
// down, and any black card may then lie face up on it.
func TestPreviewPlacement(t *testing.T) {
	deck := shuffled()
	p, _ := Start([]string{"Amelia", "Victor"}, deck[:RowSize])
	p.Players[0].Display = map[Colour]Stack{Black: {{4, false, false}, {6, false, false}}}
	p.Row[0] = RowCard{Card: card(t, "black 2")}
	pv, _ := p.Preview(1)
	if !pv.FaceDown || !strings.Contains(pv.Reason.String(), "lower than the topmost black 6") || pv.Line.String() != "face down, −1: lower than your black 6" {
		t.Fatalf("black 2 on 6: %+v", pv)
	}
	p = must(t, p, Step{Take: 1, Reveal: &deck[RowSize]})
	if got := p.Players[0].Display[Black].String(); got != "4 6 x2" {
		t.Fatalf("black stack %q", got)
	}
	p.current = 0
	p.Row[0] = RowCard{Card: card(t, "black 1")}
	if pv, _ := p.Preview(1); pv.FaceDown || !strings.Contains(pv.Reason.String(), "face down, and any value") || pv.Line.String() != "face up: on your face-down black card" {
		t.Errorf("black 1 on a face-down card: %+v", pv)
	}
	p.Row[0] = RowCard{Card: card(t, "blue 3")}
	if pv, _ := p.Preview(1); pv.FaceDown || !strings.Contains(pv.Reason.String(), "starts the blue stack") || pv.Line.String() != "face up: starts your blue stack" {
		t.Errorf("first blue card: %+v", pv)
	}
	p.Players[0].Display[Blue] = Stack{{2, false, false}}
	if pv, _ := p.Preview(1); pv.FaceDown || !strings.Contains(pv.Reason.String(), "higher than the topmost blue 2") || pv.Line.String() != "face up: higher than your blue 2" {
		t.Errorf("blue 3 on 2: %+v", pv)
	}
	// A supply of one token is said in the singular (KKS-4).
	p.Players[0].Tokens = 1
	if _, perr := p.Preview(3); perr == nil || perr.Code != "cannot_pay" || !strings.Contains(perr.Error(), "Amelia has 1 token but") {
		t.Errorf("one token, position 3: %v", perr)
	}
	if _, perr := p.Preview(9); perr == nil || perr.Code != "no_such_position" {
		t.Errorf("preview of position 9: %+v", perr)
	}
}

func TestStepCodes(t *testing.T) {
	deck := shuffled()
	start, _ := Start([]string{"A", "B"}, deck[:RowSize])
	unseen := deck[RowSize]
	broke := start.clone()
	broke.Players[0].Tokens = 0
	two := start.clone()
	two.Players[0].Tokens = 2
	empty := start.clone()
	empty.DeckLeft = 0
	played := must(t, start, Step{Take: 1, Reveal: &unseen}) // deck[0] is now in A's display
	over, _ := playOut(t, []string{"A", "B"})
	tests := []struct {
		name string
		pos  Position
		step Step
		code string // "" = accepted
	}{
		{"take 0", start, Step{Take: 0, Reveal: &unseen}, "no_such_position"},
		{"take 8", start, Step{Take: 8, Reveal: &unseen}, "no_such_position"},
		{"take 7", start, Step{Take: 7, Reveal: &unseen}, ""},
		{"no tokens, position 2", broke, Step{Take: 2, Reveal: &unseen}, "cannot_pay"},
		{"no tokens, position 1", broke, Step{Take: 1, Reveal: &unseen}, ""},
		{"2 tokens, position 4", two, Step{Take: 4, Reveal: &unseen}, "cannot_pay"},
		{"2 tokens, position 3", two, Step{Take: 3, Reveal: &unseen}, ""},
		{"reveal a row card", start, Step{Take: 1, Reveal: &deck[3]}, "card_seen"},
		{"reveal the card taken", start, Step{Take: 1, Reveal: &deck[0]}, "card_seen"},
		{"reveal a display card", played, Step{Take: 1, Reveal: &deck[0]}, "card_seen"},
		{"reveal missing", start, Step{Take: 1}, "reveal_missing"},
		{"reveal after the deck", empty, Step{Take: 1, Reveal: &unseen}, "reveal_after_empty_deck"},
		{"no reveal after the deck", empty, Step{Take: 1}, ""},
		{"after the end", over, Step{Take: 1}, "after_game_end"},
		{"not a card", start, Step{Take: 1, Reveal: &Card{Red, 11}}, "card_value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.pos.Apply(tt.step)
			switch {
			case tt.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.code == "":
				return
			case err == nil:
				t.Fatalf("accepted, want %s", tt.code)
			case err.Code != tt.code || err.Rule == "" || err.Message == "" || err.Step != tt.pos.Played+1:
				t.Fatalf("got %+v, want %s at step %d", err, tt.code, tt.pos.Played+1)
			}
			if _, perr := tt.pos.Preview(tt.step.Take); strings.HasPrefix(tt.code, "reveal") || tt.code == "card_seen" || tt.code == "card_value" {
				if perr != nil {
					t.Errorf("preview refuses a take that is fine: %v", perr)
				}
			} else if perr == nil || perr.Code != tt.code {
				t.Errorf("preview: %+v, want %s", perr, tt.code)
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	deck := shuffled()
	dup := slices.Clone(deck[:RowSize])
	dup[6] = dup[2]
	for _, tt := range []struct {
		players []string
		row     []Card
		code    string
	}{
		{[]string{"A"}, deck[:RowSize], "player_count"},
		{[]string{"A", "B", "C", "D", "E"}, deck[:RowSize], "player_count"},
		{[]string{"A", "B"}, deck[:6], "row_size"},
		{[]string{"A", "B"}, dup, "card_seen"},
	} {
		_, err := Start(tt.players, tt.row)
		var se *StepError
		if !errors.As(err, &se) || se.Code != tt.code || se.Step != 0 {
			t.Errorf("%v %v: %v, want %s", tt.players, tt.row, err, tt.code)
		}
	}
}

const replayRow = `"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]`

func TestReplayStopsAtTheFirstBadStep(t *testing.T) {
	body := `{"players":["Amelia","Victor","Enrique"],` + replayRow + `,
	 "steps":[{"take":3,"reveal":"blue 7"},{"take":1,"reveal":"red 5"},{"take":1,"reveal":"yellow 2"}]}`
	ans, err := Engine{}.Replay([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Step != 2 || ans.Errors[0].Code != "card_seen" || ans.Result != nil {
		t.Fatalf("answer %+v", ans)
	}
	if ans.State.Turn != 2 || ans.State.Player != "Victor" || ans.State.Players[0].Display["red"] != "1" {
		t.Errorf("state after the last good step: %+v", ans.State)
	}
	out, _ := json.Marshal(ans)
	if !strings.Contains(string(out), `"result":null`) || !strings.Contains(string(out), `{"card":"red 10","tokens":1}`) {
		t.Errorf("JSON %s", out)
	}
}

func TestReplayInputErrors(t *testing.T) {
	steps := `,"steps":[{"take":1,"reveal":"blue 7"}]}`
	tests := []struct{ body, field string }{
		{`{"players":["A","B"],` + replayRow + `,"steps":[{"take":1,"reveal":"blue 11"}]}`, "steps[0].reveal"},
		{`{"players":["A","B"],` + replayRow + `,"steps":[{"reveal":"blue 7"}]}`, "steps[0].take"},
		{`{"players":["A","B"],` + replayRow + `,"steps":[{"take":1,"peek":2}]}`, "steps[0].peek"},
		{`{"players":["A","B"],` + replayRow + `,"steps":[{"take":"1"}]}`, "steps[0].take"},
		{`{"players":["A","a "],` + replayRow + steps, "players[1]"},
		{`{"players":["A"],` + replayRow + steps, "players"},
		{`{` + replayRow + steps, "players"},
		{`{"players":["A","B"],"row":["red 10","green 2"]` + steps, "row[1]"},
		{`{"players":["A","B"],"row":["red 10"]` + steps, "row"},
		{`{"players":["A","B"],"row":["red 1","red 2","red 3","red 4","red 5","red 6","red 2"]` + steps, "row[6]"},
		{`{"players":["A","B"],` + replayRow + `,"options":{"variant":"x"}}`, "options.variant"},
		{`{"players":["A","B"],` + replayRow + `,"options":{"special_cards":[1,9]}}`, "options.special_cards"},
		{`{"players":["A","B"],` + replayRow + `,"options":{"special_cards":[1,9,16]}}`, "options.special_cards"},
		{`{"players":["A","B"],` + replayRow + `,"options":{"special_cards":[1,9,9]}}`, "options.special_cards"},
		{`{"players":["A","B"],` + replayRow + `,"options":{"special_cards":null}}`, "options.special_cards"},
		{`{"players":["A","B"],` + replayRow + `,"Row":[]}`, "Row"},
	}
	for _, tt := range tests {
		_, err := Engine{}.Replay([]byte(tt.body))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != tt.field {
			t.Errorf("%s: %v, want an input error on %s", tt.body, err, tt.field)
		}
	}
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(`{"players":["Amelia","Victor","Enrique"],` + replayRow + `,"steps":[{"take":3,"reveal":"blue 7"},{"take":1,"reveal":"yellow 2"}]}`))
	f.Add([]byte(`{"players":["A","B"],` + replayRow + `,"steps":[{"take":7,"reveal":"blue 7"},{"take":0},{"take":2}]}`))
	f.Add([]byte(`{"players":["A","B"],"row":[],"steps":null}`))
	// A whole 4-player game, always the free card, from the fixed deck.
	deck := shuffled()
	var row []string
	for _, c := range deck[:RowSize] {
		row = append(row, c.String())
	}
	var steps []map[string]any
	for i := range 36 {
		st := map[string]any{"take": 1}
		if i < DeckSize {
			st["reveal"] = deck[RowSize+i].String()
		}
		steps = append(steps, st)
	}
	whole, _ := json.Marshal(map[string]any{"players": []string{"A", "B", "C", "D"}, "row": row, "steps": steps})
	f.Add(whole)
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := Engine{}.Replay(body)
		if err != nil {
			if _, ok := errors.AsType[*scoring.InputError](err); !ok {
				t.Fatalf("error is not an InputError: %v", err)
			}
			return
		}
		if ans.Valid != (len(ans.Errors) == 0) || len(ans.Errors) > 1 {
			t.Fatalf("valid %v with errors %v", ans.Valid, ans.Errors)
		}
		if (ans.Result != nil) != ans.State.GameOver {
			t.Fatalf("result %v, game over %v", ans.Result, ans.State.GameOver)
		}
		tokens := 0
		for _, r := range ans.State.Row {
			tokens += r.Tokens
		}
		for _, p := range ans.State.Players {
			tokens += p.Tokens
		}
		if tokens != MaxTokens*len(ans.State.Players) {
			t.Fatalf("%d tokens at the table", tokens)
		}
		if _, err := json.Marshal(ans); err != nil {
			t.Fatal(err)
		}
		// The state's players are a /score request that scores without an
		// input error, and once over it is exactly the answer's result.
		scoreBody, _ := json.Marshal(map[string]any{"players": ans.State.Players})
		res, err := (Engine{}).Check(scoreBody)
		if err != nil {
			t.Fatalf("state does not re-score: %v\n%s", err, scoreBody)
		}
		if ans.Result != nil && !reflect.DeepEqual(res, *ans.Result) {
			t.Fatalf("re-scored %+v, answer %+v", res, *ans.Result)
		}
		if ans.Valid && ans.State.GameOver && !res.Valid {
			t.Fatalf("a valid finished replay scores invalid: %v", res.Violations)
		}
	})
}

func ExamplePosition_Preview() {
	row := []Card{{Red, 10}, {Black, 2}, {Red, 1}, {Blue, 4}, {Yellow, 6}, {Red, 5}, {Black, 9}}
	p, _ := Start([]string{"Amelia", "Victor"}, row)
	pv, _ := p.Preview(3)
	fmt.Println(pv.Card, pv.Cost, pv.Gain, pv.Reason)
	// Output: red 1 2 0 the red 1 starts the red stack face up
}

// TestMovesAreEveryLegalTurn: Moves lists exactly the turns Apply accepts
// (rulings KKS-1, KKS-3, KKS-4): every position the player can pay for,
// with every card not yet seen as the reveal while the deck lasts, and
// none without one; none once the game is over. A whole game played with
// the moves offered ends in a valid final state.
func TestMovesAreEveryLegalTurn(t *testing.T) {
	deck := shuffled()
	p, err := Start([]string{"Ana", "Ben"}, deck[:RowSize])
	if err != nil {
		t.Fatal(err)
	}
	moves := p.Moves()
	if len(moves) != RowSize*(40-RowSize) {
		t.Fatalf("%d moves at the start, want 7 takes × 33 unseen cards", len(moves))
	}
	// Completeness: every turn not offered is refused.
	all := append(slices.Clone(deck), Card{Colour: Red, Value: 11})
	for take := 0; take <= RowSize+1; take++ {
		for _, c := range all {
			offered := slices.ContainsFunc(moves, func(m Step) bool { return m.Take == take && *m.Reveal == c })
			if _, serr := p.Apply(Step{Take: take, Reveal: &c}); (serr == nil) != offered {
				t.Errorf("take %d reveal %s: offered %v, refused %v", take, c, offered, serr)
			}
		}
		if _, serr := p.Apply(Step{Take: take}); serr == nil {
			t.Errorf("take %d without a reveal accepted while the deck holds cards", take)
		}
	}
	// A player without tokens is offered the free card only.
	poor := p
	poor.Players = slices.Clone(p.Players)
	poor.Players[0].Tokens = 0
	for _, m := range poor.Moves() {
		if m.Take != 1 {
			t.Fatalf("a player with no tokens is offered position %d", m.Take)
		}
	}
	turn := 0
	end := scoringtest.Playout(t, Engine{}, Rules{}, p, 100, func(pos Position, moves []Step) (Step, bool) {
		turn++
		// The reveal is the deck's next card: the one the shuffled deck
		// turns up, which must be among the moves offered.
		take := script(pos)
		for _, m := range moves {
			if m.Take == take && (m.Reveal == nil || *m.Reveal == deck[RowSize+pos.Played]) {
				return m, true
			}
		}
		t.Fatalf("turn %d: take %d with the deck's next card is not offered", turn, take)
		return Step{}, false
	}, func(pos Position, moves []Step) {
		if pos.DeckLeft == 0 {
			for _, m := range moves {
				if m.Reveal != nil {
					t.Fatalf("a reveal offered with the deck empty: %v", m)
				}
			}
		}
		scoringtest.Legal(t, pos, moves)
	})
	if !end.Over() || len(end.Moves()) != 0 || !Score(end.Final()).Valid {
		t.Errorf("the game played with the moves offered: over %v, moves %v, %v", end.Over(), end.Moves(), Score(end.Final()).Violations)
	}
}

// The table's chosen first player takes the first turn, then play goes
// round in seat order and everyone has the same number of turns (ruling
// KKS-3); a seat not at the table is refused at setup.
func TestStartAtTheChosenFirstPlayer(t *testing.T) {
	row := []Card{{Red, 10}, {Black, 2}, {Red, 1}, {Blue, 4}, {Yellow, 6}, {Red, 5}, {Black, 9}}
	names := []string{"Ana", "Ben", "Cy"}
	for _, tc := range []struct {
		first int
		order string
	}{{0, "Ana Ben Cy Ana"}, {1, "Ben Cy Ana Ben"}, {2, "Cy Ana Ben Cy"}} {
		p, err := StartAt(names, row, tc.first)
		if err != nil {
			t.Fatal(err)
		}
		if got := scoringtest.TurnOrder(t, p, 4, func(p Position) Step { return Step{Take: 1, Reveal: &Card{Yellow, 2 + p.Played}} }); got != tc.order {
			t.Errorf("first seat %d: turns %s, want %s", tc.first, got, tc.order)
		}
	}
	for _, bad := range []int{-1, 3} {
		var se *StepError
		if _, err := StartAt(names, row, bad); !errors.As(err, &se) || se.Code != "first_seat" {
			t.Errorf("first seat %d: %v, want first_seat refused", bad, err)
		}
	}
	setup, _ := json.Marshal(Setup{Row: []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"}, First: 2})
	if p, err := (Rules{}).Start(names, setup); err != nil || p.ToMove() != "Cy" {
		t.Errorf("a recorded setup with first 2 starts with %q (%v), want Cy", p.ToMove(), err)
	}
}

// TestGuidedPlayWithSpecialCards: ruling KKS-6 and G-4 in play along. The
// special cards in play are part of the setup; the turns are the base
// game's, and the result is the score check with the special cards, so
// its checks of KKS-2/3/4 are warnings, as in the score check, and the
// final request carries them (a table adds its adjustments to it).
func TestGuidedPlayWithSpecialCards(t *testing.T) {
	body := `{"players":["A","B"],` + replayRow + `,"options":{"special_cards":[13,1,9]},"steps":[{"take":1,"reveal":"blue 7"}]}`
	ans, err := Engine{}.Replay([]byte(body))
	if err != nil || !ans.Valid || !slices.Equal(ans.State.SpecialCards, []int{13, 1, 9}) {
		t.Fatalf("%+v %v", ans, err)
	}
	setup := []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"],"options":{"special_cards":[1,9,13]}}`)
	pos, err := Engine{}.Resume([]string{"A", "B"}, setup, nil)
	if err != nil || !slices.Equal(pos.SpecialCards, []int{1, 9, 13}) {
		t.Fatalf("resume: %+v %v", pos.SpecialCards, err)
	}
	// The game so far, scored: one card each is not the 17 of KKS-3,
	// which with special cards in play is a warning (KKS-6), not a
	// violation.
	res := Rules{}.Score(pos)
	if !res.Valid || !slices.ContainsFunc(res.Warnings, func(v scoring.Violation) bool { return v.Code == "card_count" }) {
		t.Errorf("score with special cards: %+v", res)
	}
	final, _ := json.Marshal(Rules{}.Final(pos))
	if !strings.Contains(string(final), `"options":{"special_cards":[1,9,13]}`) {
		t.Errorf("final request %s", final)
	}
	plain, _ := json.Marshal(Rules{}.Final(mustStart(t)))
	if strings.Contains(string(plain), "options") {
		t.Errorf("the base game's final request names options: %s", plain)
	}
}

func mustStart(t *testing.T) Position {
	t.Helper()
	pos, err := Engine{}.Resume([]string{"A", "B"}, []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}
