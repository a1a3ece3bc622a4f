package sessions

import (
	"context"
	"encoding/json"
	"fmt"

	"tablemate/scoring"
)

// KindGameSettled records that the table counts a disputed game as it
// was entered (ruling G-5): it keeps its violations, and every page shows
// beside it that it was counted as entered.
const KindGameSettled Kind = "game_settled"

// GameSettled is the payload of KindGameSettled: the game's number.
type GameSettled struct {
	Game int `json:"game"`
}

// KindPlayStopped records that the table stopped playing a game along:
// the position is kept as an unfinished game (Keep, with its state) or
// discarded. An undo takes it back, the game played along again.
const KindPlayStopped Kind = "play_stopped"

// PlayStopped is the payload of KindPlayStopped. State is the position
// as the engine's score check reads it, when it is kept.
type PlayStopped struct {
	Keep  bool            `json:"keep,omitempty"`
	State json.RawMessage `json:"state,omitempty"`
}

// SettleGame counts disputed game n as it was entered (G-5).
func (ts *Tables) SettleGame(ctx context.Context, edit string, seen int, token string, n int) (Appended, error) {
	want := repeat{KindGameSettled, map[string]any{"game": n}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideSettle(t, GameSettled{Game: n}) })
}

// decideSettle refuses a game that is not there, not over, or not
// disputed (a settled one included).
func (ts *Tables) decideSettle(t Table, s GameSettled) (decision, error) {
	g, ok := t.Game(s.Game)
	switch {
	case !ok:
		return decision{}, scoring.Errorf("game", "this table has no game %d", s.Game)
	case !g.Record.Over:
		return decision{}, scoring.Errorf("game", "game %d is not over: only a finished game is counted as entered", s.Game)
	case !g.Record.Disputed():
		return decision{}, scoring.Errorf("game", "game %d is not disputed: it counts already", s.Game)
	}
	return decision{kind: KindGameSettled, payload: s}, nil
}

// settle applies a settle: the game counted as entered.
func (t *Table) settle(s GameSettled, entry *LogEntry, fx *effect) error {
	if s.Game < 1 || s.Game > t.Games.Len() {
		return fmt.Errorf("settles game %d of %d", s.Game, t.Games.Len())
	}
	old := t.Games.At(s.Game - 1)
	if !old.Record.Over || !old.Record.Disputed() {
		return fmt.Errorf("game %d is not a disputed game to settle", s.Game)
	}
	settled := old
	settled.Settled = true
	fx.prev = &old
	settled = t.put(entry, fx, settled)
	entry.After = &settled
	return nil
}

// StopPlay stops the game played along: keep makes its position an
// unfinished game of the table (shown, counted nowhere, correctable
// like any game), otherwise it is discarded. Either can be undone.
func (ts *Tables) StopPlay(ctx context.Context, edit string, seen int, token string, keep bool) (Appended, error) {
	return ts.command(ctx, edit, seen, token, repeat{kind: KindPlayStopped}, func(t Table) (decision, error) { return ts.decideStop(t, keep) })
}

// decideStop refuses when no game is played along, and keeping a game
// of which no move was made or whose position its engine cannot give.
func (ts *Tables) decideStop(t Table, keep bool) (decision, error) {
	if t.Play == nil {
		return decision{}, scoring.Errorf("play", "no game is being played along at this table")
	}
	p := PlayStopped{Keep: keep}
	if keep {
		if len(t.Play.Steps) == 0 {
			return decision{}, scoring.Errorf("keep", "no move was made yet, so there is nothing to keep: discard it")
		}
		stop, ok := t.engine.(scoring.Stoppable)
		if !ok {
			return decision{}, scoring.Errorf("keep", "%s cannot keep a game played along as it stands: discard it", t.Info.Title)
		}
		state, err := stop.Unfinished(t.Play.Players, t.Play.Setup, t.Play.RawSteps())
		if err == nil {
			_, err = t.engine.Check(state)
		}
		if err != nil {
			return decision{}, scoring.Errorf("keep", "this position cannot be kept as a game (%s): discard it", err.Error())
		}
		p.State = state
	}
	return decision{kind: KindPlayStopped, payload: p}, nil
}

// decideImportedStop runs the live command behind an exported stop: the
// position it keeps must be the one the file says.
func (ts *Tables) decideImportedStop(t Table, p PlayStopped) (decision, error) {
	d, err := ts.decideStop(t, p.Keep)
	if err != nil {
		return d, err
	}
	if kept := d.payload.(PlayStopped).State; p.Keep && !jsonEqual(kept, p.State) {
		return d, scoring.Errorf("state", "the game played along stands otherwise than the file says")
	}
	return d, nil
}

// jsonEqual reports whether two JSON texts hold the same value.
func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ax, _ := json.Marshal(x)
	bx, _ := json.Marshal(y)
	return string(ax) == string(bx)
}

// stop applies a stop: the guided game ends, kept as an unfinished game
// or discarded.
func (t *Table) stop(p PlayStopped, entry *LogEntry, fx *effect) error {
	if t.Play == nil {
		return fmt.Errorf("no guided game in progress")
	}
	fx.playChanged, fx.play = true, t.Play
	t.Play = nil
	if p.Keep {
		g := score(t.Games.Len()+1, entry.Seq, p.State, t.engine)
		g.Unfinished = true
		kept := t.put(entry, fx, g)
		entry.After = &kept
	}
	return nil
}

// PlayStanding is the game played along as it stands now, scored by its
// engine (each player's points so far); false when no game is played
// along or its engine cannot give its position. It replays the game: a
// page derives it once per version of the table (Table.Derived).
func (t Table) PlayStanding() (scoring.Result, bool) {
	stop, ok := t.engine.(scoring.Stoppable)
	if t.Play == nil || !ok {
		return scoring.Result{}, false
	}
	state, err := stop.Unfinished(t.Play.Players, t.Play.Setup, t.Play.RawSteps())
	if err != nil {
		return scoring.Result{}, false
	}
	res, err := t.engine.Check(state)
	return res, err == nil
}

// KindGameStopped records that the table stopped a game entered round by
// round before its end, to play another: the game is kept as it stands,
// an unfinished game (shown with its rounds, counted nowhere, any round
// still correctable). An undo takes it back, the game going on again.
const KindGameStopped Kind = "game_stopped"

// GameStopped is the payload of KindGameStopped: the game's number.
type GameStopped struct {
	Game int `json:"game"`
}

// StopGame stops game n, the round game going on, keeping it unfinished:
// the table can choose its next game without undoing its rounds.
func (ts *Tables) StopGame(ctx context.Context, edit string, seen int, token string, n int) (Appended, error) {
	want := repeat{KindGameStopped, map[string]any{"game": n}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideStopGame(t, GameStopped{Game: n}) })
}

// decideStopGame refuses when no round game is going on, or game n is
// not the one going on.
func (ts *Tables) decideStopGame(t Table, s GameStopped) (decision, error) {
	g, going := t.InProgress()
	switch {
	case !going:
		return decision{}, scoring.Errorf("game", "no game entered round by round is going on at this table")
	case g.Number != s.Game:
		return decision{}, scoring.Errorf("game", "game %d is not the game going on: game %d is", s.Game, g.Number)
	}
	return decision{kind: KindGameStopped, payload: s}, nil
}

// stopGame applies a stop of a round game: kept as it stands, unfinished.
func (t *Table) stopGame(s GameStopped, entry *LogEntry, fx *effect) error {
	g, going := t.InProgress()
	if !going || g.Number != s.Game {
		return fmt.Errorf("game %d is not a round game going on to stop", s.Game)
	}
	old := g
	g.Unfinished = true
	fx.prev = &old
	g = t.put(entry, fx, g)
	entry.After = &g
	return nil
}
