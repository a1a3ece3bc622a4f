package sessions

import (
	"bytes"
	"encoding/json"

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
	return Game{Number: number, Seq: seq, State: state, Info: engine.Info(), engine: engine, Result: c.result}
}

// roundChecked is round, from the checks' state and result when they
// added this round with this engine.
func roundChecked(engine scoring.Game, prev Game, r RoundRecorded, seq int, said *guided) (Game, error) {
	c, ok := said.checkedBy(engine, nil)
	if !ok {
		return round(engine, prev, r, seq)
	}
	g := Game{Number: r.Game, Seq: seq, State: c.state, Info: engine.Info(), engine: engine, Result: c.result}
	g.Corrected, g.rounds = prev.Corrected, prev.rounds+1
	return g, nil
}
