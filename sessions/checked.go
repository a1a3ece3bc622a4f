package sessions

import (
	"bytes"
	"encoding/json"
	"fmt"

	"tablemate/scoring"
)

// A command checks a game or a round with the engine before it appends
// it: the game's state read and scored, a round added to its game and the
// game scored. Applying the event to the table right after (the write's
// own table, or an import's) takes what the checks computed instead of
// running the engine again on the same input: a write scores its game
// once, not twice.

// checked is what a command's checks computed of an event: the game's
// state after it and the engine's result for that state, by the engine
// of slug.
type checked struct {
	slug   string
	state  json.RawMessage
	result scoring.Result
}

// checkedBy returns what was checked, if it was checked by engine for
// state (nil state: any, a round's state is the one checked).
func (s *guided) checkedBy(engine scoring.Game, state json.RawMessage) (*checked, bool) {
	if s == nil || s.checked == nil || engine == nil || engine.Info().Slug != s.checked.slug {
		return nil, false
	}
	if state != nil && !bytes.Equal(state, s.checked.state) {
		return nil, false
	}
	return s.checked, true
}

// scoreChecked is score, from the checks' result when they scored this
// very state with this engine.
func scoreChecked(number, seq int, state json.RawMessage, engine scoring.Game, said *guided) Game {
	c, ok := said.checkedBy(engine, state)
	if !ok {
		return score(number, seq, state, engine)
	}
	return Game{Number: number, Seq: seq, State: state, Info: engine.Info(), engine: engine, result: resultOf(c.result)}
}

// roundChecked is round, from the checks' state and result when they
// added this round with this engine.
func roundChecked(engine scoring.Game, prev Game, r RoundRecorded, seq int, said *guided) (Game, error) {
	c, ok := said.checkedBy(engine, nil)
	if !ok {
		return round(engine, prev, r, seq)
	}
	g := Game{Number: r.Game, Seq: seq, State: c.state, Info: engine.Info(), engine: engine, result: resultOf(c.result)}
	g.Corrected, g.rounds = prev.Corrected, prev.rounds+1
	return g, nil
}

// Checked is a whole game's state as a page checked it before saving
// (Tables.Check): the engine's result, violations included, which the
// page shows, and which the write then takes instead of running the
// engine on the same bytes again (RecordCheckedGame,
// CorrectCheckedGame). The write still checks the names against the
// table and the head and token in its transaction.
type Checked struct{ c *checked }

// Result is the engine's result for the checked state.
func (c Checked) Result() scoring.Result { return c.c.result }

// Check runs state through the engine of slug, as a write of it will
// (the names are checked by the write, against the table it writes to).
func (ts *Tables) Check(slug string, state json.RawMessage) (Checked, error) {
	engine, ok := ts.find(slug)
	if !ok {
		return Checked{}, fmt.Errorf("unknown game %q", slug)
	}
	res, err := engine.Check(state)
	if err != nil {
		return Checked{}, err
	}
	return Checked{&checked{slug: engine.Info().Slug, state: state, result: res}}, nil
}
