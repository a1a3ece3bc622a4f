package scoring

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Position is what a guided game's positions do, the way a boardgame.io
// game's moves, enumerate and endIf do: play a step, list the moves open,
// say whether the game is over, and show themselves to the play API (V).
// Positions are values: Apply returns a new one and leaves its receiver
// untouched, so a log replays into any position.
type Position[P, S, V any] interface {
	// Apply plays s. A step the rules refuse is a *StepError naming the
	// ruling, with the receiver unchanged; one they only frown on comes
	// with the next position and a *StepError with Warning set.
	Apply(s S) (P, *StepError)
	// Moves lists the moves the rules allow, in the engine's documented
	// form (a move with a free parameter may come as one step standing for
	// its legal values); none once the game is over. Pages offer exactly
	// these.
	Moves() []S
	// Over reports that the game is finished: its final state may be
	// scored.
	Over() bool
	// View is the position as the play API shows it.
	View() V
}

// Rules are one guided game's rules over its positions P and steps S:
// how a game starts and how its steps read, as a table records them, and
// what a position is worth. An engine's Rules type is empty; Play turns
// it into the table's and the API's JSON, so no game writes its own
// replay loop.
type Rules[P Position[P, S, V], S, V any] interface {
	// Start sets a game up for the players from the setup a table
	// records (the game's JSON). An unreadable setup is an *InputError
	// naming its field; one the rules refuse is a *StepError with Step 0.
	Start(players []string, setup []byte) (P, error)
	// ReadStep reads one step as a table records it; field is its path
	// in errors ("step", "steps[2]"). What is not a step is an
	// *InputError; whether the rules allow it is Apply's to say.
	ReadStep(raw []byte, field string) (S, error)
	// Final is the position as a score-check request (the game's /score
	// JSON, marshalled by Guide).
	Final(pos P) any
	// Score is the score check's answer for the position: the totals so
	// far, the winners once it is over.
	Score(pos P) Result
	// ReadRequest reads a play API request: the players as sent (nil when
	// missing) and the rest of its body, the setup as the API writes it.
	// Whatever is not a game log is an *InputError naming its field.
	ReadRequest(players []string, setup []byte) (Request[P, S], error)
}

// Request is a play API request a game has read: how it starts, and how
// its steps read when the API writes them otherwise than a table.
type Request[P, S any] struct {
	// Start sets the game up once the steps are read. A setup the rules
	// refuse is an *InputError on the field that holds it (the API answers
	// 400), never a *StepError.
	Start func() (P, error)
	// ReadStep reads one of the request's steps; nil means the game's
	// Rules.ReadStep.
	ReadStep func(raw []byte, field string) (S, error)
}

// PlayAnswer is the 200 answer of POST /api/v1/games/{game}/play
// (API.md "Guided play as JSON"), the same for every game: Errors holds
// the refused step, if any (the replay stops there), and warnings of
// steps played anyway (Valid stays true); State is the position after the
// last accepted step; Result is the /score answer once the game is over,
// else null.
type PlayAnswer[V any] struct {
	Valid  bool        `json:"valid"`
	Errors []StepError `json:"errors"`
	State  V           `json:"state"`
	Result *Result     `json:"result"`
}

// Play is the guided-play loop every guided game shares, over its Rules
// R: Resume replays a table's log to the position now, Guide answers the
// table's event log (scoring.Guided) and Replay the play API. It is
// empty, so a game's Engine embeds it:
//
//	type Engine struct {
//		scoring.Play[Rules, Position, Step, PlayState]
//	}
type Play[R Rules[P, S, V], P Position[P, S, V], S, V any] struct{}

// Scored is the answer's result: the /score answer once the game is
// over, else nil.
func (a PlayAnswer[V]) Scored() *Result { return a.Result }

// PlayAPI is implemented by the games whose guided play answers POST
// /api/v1/games/{game}/play: every game with guided play, through Play.
type PlayAPI interface {
	// Answer replays a play request's log: the 200 answer to write as
	// JSON, or an *InputError for a body that is not a game log.
	Answer(body []byte) (any, error)
}

// Answer is Replay for PlayAPI.
func (pl Play[R, P, S, V]) Answer(body []byte) (any, error) { return pl.Replay(body) }

// Rules are the game's rules.
func (Play[R, P, S, V]) Rules() R {
	var r R
	return r
}

// Resume replays a table's guided game, its setup and its steps, to the
// position now. It stops at the first step that is unreadable (an
// *InputError on "step") or refused (its *StepError) and returns the
// position before it with that error; a step the rules only frown on is
// played. An unreadable or refused setup returns the zero position.
func (pl Play[R, P, S, V]) Resume(players []string, setup []byte, steps [][]byte) (P, error) {
	r := pl.Rules()
	pos, err := r.Start(players, setup)
	if err != nil {
		var zero P
		return zero, err
	}
	return ApplySteps(pos, steps, func(raw []byte) (S, error) { return r.ReadStep(raw, "step") }, P.Apply)
}

// Last replays a guided game and plays its newest step apart: before is
// the position it was played on and now the one it led to; warn is its
// warning, nil when the rules did not frown on it. Without steps, before
// and now are the start. A log that does not replay is an error, as in
// Resume.
func (pl Play[R, P, S, V]) Last(players []string, setup []byte, steps [][]byte) (before, now P, last S, warn *StepError, err error) {
	r := pl.Rules()
	if len(steps) == 0 {
		before, err = pl.Resume(players, setup, nil)
		return before, before, last, nil, err
	}
	if before, err = pl.Resume(players, setup, steps[:len(steps)-1]); err != nil {
		return before, before, last, nil, err
	}
	if last, err = r.ReadStep(steps[len(steps)-1], "step"); err != nil {
		return before, before, last, nil, err
	}
	now, warn = before.Apply(last)
	if warn != nil && !warn.Warning {
		return before, before, last, nil, warn
	}
	return before, now, last, warn, nil
}

// PlayLog is a table's guided game as its engine reads it: the seats,
// the setup and the steps recorded, and the position the table kept
// after them (Kept; the zero Kept keeps none, and the game is replayed).
type PlayLog struct {
	Players []string
	Setup   []byte
	Steps   [][]byte
	Kept    Kept
}

// Kept is a guided game's position kept beside its log, so the next move
// plays on from it and a page draws it without replaying the game: the
// position after its newest step and the one before, that step as read,
// and its warning. Positions are values (Apply leaves its receiver
// untouched; scoringtest.Playout holds every engine to it), so one kept
// position is read by any number of pages at once. Only Play reads its
// fields; the zero Kept keeps nothing.
type Kept struct {
	steps       int
	ok          bool
	before, now any
	last        any
	warn        *StepError
}

// Keeps reports whether k is the position after n steps.
func (k Kept) Keeps(n int) bool { return k.ok && k.steps == n }

// Keeping is a Guided game that keeps its position beside a table's log
// (every guided game does, through Play): a move is played on from the
// position kept, one step, instead of replaying the game from its start.
type Keeping interface {
	Guided
	// Keep is the position of l, kept: l.Kept when it keeps the position
	// after l's steps, else the game replayed (an error as Resume's).
	Keep(l PlayLog) (Kept, error)
	// KeepStep plays step after l's steps: what Guide says of l's steps
	// and step — over, the final state once it is, or the refusal — and
	// the position kept after it.
	KeepStep(l PlayLog, step []byte) (next Kept, over bool, final []byte, err error)
}

// keptAt is the position l keeps after its steps, if it keeps one of
// this game's positions.
func keptAt[P any](l PlayLog) (P, bool) {
	pos, ok := l.Kept.now.(P)
	return pos, ok && l.Kept.Keeps(len(l.Steps))
}

// Keep is Keeping's: l's position kept, replayed unless l keeps it.
func (pl Play[R, P, S, V]) Keep(l PlayLog) (Kept, error) {
	if _, ok := keptAt[P](l); ok {
		return l.Kept, nil
	}
	before, now, last, warn, err := pl.Last(l.Players, l.Setup, l.Steps)
	if err != nil {
		return Kept{}, err
	}
	return Kept{steps: len(l.Steps), ok: true, before: before, now: now, last: last, warn: warn}, nil
}

// KeepStep is Keeping's: step played on l's position, kept.
func (pl Play[R, P, S, V]) KeepStep(l PlayLog, step []byte) (Kept, bool, []byte, error) {
	k, err := pl.Keep(l)
	if err != nil {
		return Kept{}, false, nil, err
	}
	r := pl.Rules()
	pos := k.now.(P)
	st, err := r.ReadStep(step, "step")
	if err != nil {
		return Kept{}, false, nil, err
	}
	next, serr := pos.Apply(st)
	if serr != nil && !serr.Warning {
		return Kept{}, false, nil, serr
	}
	k = Kept{steps: k.steps + 1, ok: true, before: pos, now: next, last: st, warn: serr}
	if !next.Over() {
		return k, false, nil, nil
	}
	final, err := json.Marshal(r.Final(next))
	return k, true, final, err
}

// LastOf is Last of l, read from the position l keeps when it keeps one.
func (pl Play[R, P, S, V]) LastOf(l PlayLog) (before, now P, last S, warn *StepError, err error) {
	k, err := pl.Keep(l)
	if err != nil { // a log that does not replay: Last says where it stops
		return pl.Last(l.Players, l.Setup, l.Steps)
	}
	last, _ = k.last.(S)
	return k.before.(P), k.now.(P), last, k.warn, nil
}

// ResumeOf is Resume of l, the position l keeps when it keeps one.
func (pl Play[R, P, S, V]) ResumeOf(l PlayLog) (P, error) {
	if pos, ok := keptAt[P](l); ok {
		return pos, nil
	}
	return pl.Resume(l.Players, l.Setup, l.Steps)
}

// Guide replays a table's guided game (scoring.Guided); once it is over
// its Final state comes back as a score-check request.
func (pl Play[R, P, S, V]) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := pl.Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(pl.Rules().Final(pos))
	return true, final, err
}

// Unfinished replays a table's guided game and gives its position now as
// a score-check request, over or not (scoring.Stoppable): the game a
// table keeps when it stops playing along.
func (pl Play[R, P, S, V]) Unfinished(players []string, setup []byte, steps [][]byte) ([]byte, error) {
	pos, err := pl.Resume(players, setup, steps)
	if err != nil {
		return nil, err
	}
	return json.Marshal(pl.Rules().Final(pos))
}

// Replay answers POST /api/v1/games/{game}/play: {"players": [...],
// "steps": [...], and the game's setup}. It reads the whole request, sets
// the game up, applies the steps in order and stops at the first refused
// one. A body that is not a game log is an *InputError naming the field.
func (pl Play[R, P, S, V]) Replay(body []byte) (PlayAnswer[V], error) {
	r := pl.Rules()
	players, setup, raw, err := readPlayBody(body)
	if err != nil {
		return PlayAnswer[V]{}, err
	}
	req, err := r.ReadRequest(players, setup)
	if err != nil {
		return PlayAnswer[V]{}, err
	}
	read := req.ReadStep
	if read == nil {
		read = r.ReadStep
	}
	steps := make([]S, len(raw))
	for i, s := range raw {
		if steps[i], err = read(s, Index("steps", i)); err != nil {
			return PlayAnswer[V]{}, err
		}
	}
	pos, err := req.Start()
	if err != nil {
		return PlayAnswer[V]{}, err
	}
	ans := PlayAnswer[V]{Valid: true, Errors: []StepError{}}
	for _, s := range steps {
		next, serr := pos.Apply(s)
		if serr != nil {
			ans.Errors = append(ans.Errors, *serr)
			if !serr.Warning {
				ans.Valid = false
				break
			}
		}
		pos = next
	}
	ans.State = pos.View()
	if pos.Over() {
		res := r.Score(pos)
		ans.Result = &res
	}
	return ans, nil
}

// readPlayBody splits a play request into its players, its steps and the
// rest of the object (the game's setup as the API writes it, its members
// in the order sent), reading it as strictly as Decode: bad JSON, a body
// that is not an object, a name given twice and wrong types (null
// included) are *InputError naming the field. Names are exact: "Players"
// is not "players" but a member of the setup, which the game's reading
// refuses as an unknown field.
func readPlayBody(body []byte) (players []string, setup []byte, steps []json.RawMessage, err error) {
	members, err := Members(body, "")
	if err != nil {
		return nil, nil, nil, err
	}
	var playersRaw, stepsRaw json.RawMessage
	rest := &bytes.Buffer{}
	rest.WriteByte('{')
	for _, m := range members {
		switch m.Name {
		case "players":
			playersRaw = m.Value
		case "steps":
			stepsRaw = m.Value
		default:
			if strings.EqualFold(m.Name, "players") || strings.EqualFold(m.Name, "steps") {
				// Said here, before a missing "players" is: the name
				// the client meant is spelled otherwise.
				return nil, nil, nil, Errorf(m.Name, "unknown field %q", Name(m.Name))
			}
			if rest.Len() > 1 {
				rest.WriteByte(',')
			}
			k, _ := json.Marshal(m.Name)
			rest.Write(k)
			rest.WriteByte(':')
			rest.Write(m.Value)
		}
	}
	rest.WriteByte('}')
	if playersRaw != nil {
		if err := Decode(playersRaw, &players, "players"); err != nil {
			return nil, nil, nil, err
		}
	}
	if stepsRaw != nil {
		if err := Decode(stepsRaw, &steps, "steps"); err != nil {
			return nil, nil, nil, err
		}
	}
	return players, rest.Bytes(), steps, nil
}

// PlayerList checks a play request's list of player names: missing,
// empty, too long or repeated (the 400 cases API.md lists) is an
// *InputError on "players" or "players[i]". It returns the names
// trimmed.
func PlayerList(names []string) ([]string, error) {
	if names == nil {
		return nil, Errorf("players", "a list of player names is required")
	}
	if err := CheckNames("players", names); err != nil {
		if in, ok := err.(*InputError); ok {
			return nil, Refield(in, strings.TrimSuffix(in.Field, ".name"))
		}
		return nil, err
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.TrimSpace(n)
	}
	return out, nil
}
