package kks

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"tablemate/scoring"
)

// PlayAnswer is the 200 answer of POST /api/v1/games/koffer-katze-sombrero/play
// (API.md "Guided play as JSON"). Errors holds the refused step, if any
// (replay stops there); Result is the /score answer once the game is over,
// else nil (JSON null).
type PlayAnswer struct {
	Valid  bool            `json:"valid"`
	Errors []StepError     `json:"errors"`
	State  PlayState       `json:"state"`
	Result *scoring.Result `json:"result"`
}

// PlayState is a position as the play API shows it. Players are in the
// /score request's shape, so a finished state can be posted to /score.
type PlayState struct {
	Row       []RowJSON    `json:"row"`
	DeckLeft  int          `json:"deck_left"`
	Turn      int          `json:"turn"`   // the turn being played, 1-based; the last one once over
	Player    string       `json:"player"` // the player to move, "" once over
	LastRound bool         `json:"last_round"`
	GameOver  bool         `json:"game_over"`
	Players   []PlayerJSON `json:"players"`
}

// RowJSON is one row card as the play API shows it.
type RowJSON struct {
	Card   string `json:"card"`
	Tokens int    `json:"tokens"`
}

// PlayerJSON is one player as the /score request writes it: supply and
// display stacks in the stack notation (every colour present, "" if empty).
type PlayerJSON struct {
	Name    string            `json:"name"`
	Tokens  int               `json:"tokens"`
	Display map[string]string `json:"display"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Row: []RowJSON{}, DeckLeft: p.DeckLeft, Turn: p.Turn(), Player: p.ToMove(),
		LastRound: p.LastRound(), GameOver: p.Over(), Players: []PlayerJSON{}}
	for _, r := range p.Row {
		v.Row = append(v.Row, RowJSON{Card: r.Card.String(), Tokens: r.Tokens})
	}
	for _, s := range p.Players {
		pj := PlayerJSON{Name: s.Name, Tokens: s.Tokens, Display: map[string]string{}}
		for _, c := range Colours() {
			pj.Display[string(c)] = s.Display[c].String()
		}
		v.Players = append(v.Players, pj)
	}
	return v
}

type wireStep struct {
	Take   *int    `json:"take"`
	Reveal *string `json:"reveal"`
}

// Replay answers POST /api/v1/games/koffer-katze-sombrero/play: it lays the
// row, applies the steps in order and stops at the first refused one. A
// body that is not a game log (bad JSON, unknown fields, an unreadable
// card, a step without take, bad names, a setup that cannot start) is a
// *scoring.InputError naming the field.
func Replay(body []byte) (PlayAnswer, error) {
	var req struct {
		Players []string          `json:"players"`
		Row     []string          `json:"row"`
		Steps   []json.RawMessage `json:"steps"`
	}
	if err := scoring.Decode(body, &req, ""); err != nil {
		return PlayAnswer{}, err
	}
	if req.Players == nil {
		return PlayAnswer{}, scoring.Errorf("players", "a list of player names is required")
	}
	if err := checkPlayerNames(req.Players); err != nil {
		return PlayAnswer{}, err
	}
	row := make([]Card, len(req.Row))
	for i, tok := range req.Row {
		c, err := ParseCard(tok)
		if err != nil {
			return PlayAnswer{}, scoring.Errorf(scoring.Index("row", i), "%s", err.Error())
		}
		if j := slices.Index(row[:i], c); j >= 0 {
			return PlayAnswer{}, scoring.Errorf(scoring.Index("row", i), "the %s lies in the row already at position %d; each card exists once (ruling KKS-1)", c, j+1)
		}
		row[i] = c
	}
	steps := make([]Step, len(req.Steps))
	for i, raw := range req.Steps {
		var err error
		if steps[i], err = decodeStep(raw, scoring.Index("steps", i)); err != nil {
			return PlayAnswer{}, err
		}
	}
	names := make([]string, len(req.Players))
	for i, n := range req.Players {
		names[i] = strings.TrimSpace(n)
	}
	pos, err := Start(names, row)
	if err != nil {
		field, msg := "row", err.Error()
		if se, ok := errors.AsType[*StepError](err); ok {
			msg = se.Message
			if se.Code == "player_count" {
				field = "players"
			}
		}
		return PlayAnswer{}, scoring.Errorf(field, "%s", msg)
	}
	ans := PlayAnswer{Valid: true, Errors: []StepError{}}
	for _, s := range steps {
		next, serr := pos.Apply(s)
		if serr != nil {
			ans.Valid = false
			ans.Errors = append(ans.Errors, *serr)
			break
		}
		pos = next
	}
	ans.State = pos.View()
	if pos.Over() {
		r := Score(pos.Final())
		ans.Result = &r
	}
	return ans, nil
}

// decodeStep reads one step strictly: take is required, reveal is a card
// or missing/null.
func decodeStep(raw json.RawMessage, field string) (Step, error) {
	var w wireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	if w.Take == nil {
		return Step{}, scoring.Errorf(scoring.Join(field, "take"), "a step names the row position taken (1 is the free card)")
	}
	s := Step{Take: *w.Take}
	if w.Reveal != nil {
		c, err := ParseCard(*w.Reveal)
		if err != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "reveal"), "%s", err.Error())
		}
		s.Reveal = &c
	}
	return s, nil
}

// checkPlayerNames applies the names rule to a plain list of names, so the
// error names "players[1]" rather than "players[1].name".
func checkPlayerNames(names []string) error {
	err := scoring.CheckNames("players", names)
	var in *scoring.InputError
	if errors.As(err, &in) {
		return scoring.Errorf(strings.TrimSuffix(in.Field, ".name"), "%s", in.Message)
	}
	return err
}
