package cambio

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// ParseSetup reads a guided game's setup strictly (docs/api-cambio-play.md):
// {"dealer": 0, "options": {"cambio_tie": "reward", "target": 50}}. An
// unknown field or option value is a *scoring.InputError naming it.
func ParseSetup(raw []byte) (Setup, error) {
	var in struct {
		Dealer  int             `json:"dealer"`
		Options json.RawMessage `json:"options"`
		Players []string        `json:"players"`
	}
	if err := scoring.Decode(raw, &in, ""); err != nil {
		return Setup{}, err
	}
	if len(in.Players) == 0 {
		in.Players = nil // no list: the table's players
	} else {
		if _, err := PlayerNames(in.Players); err != nil {
			return Setup{}, err
		}
	}
	opts, err := decodeOptions(in.Options)
	if err != nil {
		return Setup{}, err
	}
	return Setup{Dealer: in.Dealer, Options: opts, Players: in.Players}, nil
}

// SetupJSON is the JSON of a setup, as a table records it.
func SetupJSON(s Setup) []byte {
	b, _ := json.Marshal(s)
	return b
}

// wireStep is a step as JSON: exactly one of the action fields is set.
type wireStep struct {
	Done    *int            `json:"done"`
	Cambio  *int            `json:"cambio"`
	Out     *int            `json:"out"`
	Penalty *int            `json:"penalty"`
	Delta   *int            `json:"delta"`
	Score   json.RawMessage `json:"score"`
}

// ParseStep reads one guided step strictly: {"done": 1}, {"cambio": 1},
// {"out": 2}, {"penalty": 0, "delta": 1} or {"score": round} where round is
// a round as docs/api-rounds.md writes it (without options). Seats are
// 0-based in the players' order. Anything else is a *scoring.InputError
// naming the field.
func ParseStep(raw []byte) (Step, error) {
	return decodeStep(raw, "step")
}

func decodeStep(raw []byte, field string) (Step, error) {
	var w wireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	var s Step
	set := 0
	for _, a := range []struct {
		seat   *int
		action Action
	}{{w.Done, ActDone}, {w.Cambio, ActCambio}, {w.Out, ActOut}, {w.Penalty, ActPenalty}} {
		if a.seat != nil {
			s.Action, s.Seat = a.action, *a.seat
			set++
		}
	}
	if len(w.Score) > 0 && string(w.Score) != "null" {
		set++
		s.Action = ActScore
		r, _, err := DecodeRound(w.Score)
		if err != nil {
			return Step{}, below(err, scoring.Join(field, "score"))
		}
		if r.Options != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "score.options"), "options are set when the guided game starts, not per round")
		}
		s.Round = &r
	}
	if set != 1 {
		return Step{}, scoring.Errorf(field, "a step is exactly one of done, cambio, out, penalty (with delta) or score")
	}
	switch {
	case s.Action == ActPenalty && w.Delta == nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "a penalty step says 1 (a penalty card drawn) or -1 (taken back)")
	case s.Action == ActPenalty:
		s.Delta = *w.Delta
	case w.Delta != nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "delta belongs to a penalty step only")
	}
	return s, nil
}

// below moves an error on "round…" to prefix (step.score.players[1].cards[0]).
func below(err error, prefix string) error {
	if in, ok := err.(*scoring.InputError); ok {
		return scoring.Errorf(prefix+strings.TrimPrefix(in.Field, "round"), "%s", in.Message)
	}
	return err
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	w := map[string]any{}
	switch s.Action {
	case ActDone, ActCambio, ActOut:
		w[string(s.Action)] = s.Seat
	case ActPenalty:
		w["penalty"], w["delta"] = s.Seat, s.Delta
	case ActScore:
		r := RoundEntry{}
		if s.Round != nil {
			r.Players = s.Round.Players
		}
		w["score"] = r
	}
	b, _ := json.Marshal(w)
	return b
}

// Resume replays a guided game from its setup and steps to the position
// now. The error is a *scoring.InputError for unreadable input or the
// *StepError of the first step the rules refuse (then the position is the
// one before it).
func Resume(players []string, setup []byte, steps [][]byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	if s.Players != nil {
		// The game keeps the players it started with (a later joiner
		// watches); they must still be the table's.
		if err := Within(s.Players, players); err != nil {
			return Position{}, err
		}
		players = s.Players
	}
	pos, err := Start(players, s)
	if err != nil {
		return Position{}, err
	}
	return scoring.ApplySteps(pos, steps, ParseStep, Position.Apply)
}

// Guide replays a table's guided game (scoring.Guided); once it is over
// every round comes back as one score-check request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(pos.Final())
	return true, final, err
}

// PlayAnswer is the 200 answer of POST /api/v1/games/cambio/play
// (docs/api-cambio-play.md): the position after the last accepted step,
// the refused step if any (replay stops there) and, once the game is over,
// the /score answer of the whole game (else null).
type PlayAnswer struct {
	Valid  bool            `json:"valid"`
	Errors []StepError     `json:"errors"`
	State  PlayState       `json:"state"`
	Result *scoring.Result `json:"result"`
}

// PlayState is a position as the play API shows it; Game is the finished
// rounds as a /score request.
type PlayState struct {
	Round     int      `json:"round"`
	Phase     string   `json:"phase"` // "playing", "scoring" or "over"
	Dealer    string   `json:"dealer"`
	Player    string   `json:"player"` // the player to move, "" unless playing
	Caller    string   `json:"caller"` // who called Cambio this round, "" if nobody
	LastTurns []string `json:"last_turns"`
	Out       string   `json:"out"` // whose last card ended the round, ""
	Penalties []int    `json:"penalties"`
	Game      State    `json:"game"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Round: p.Round(), Phase: [...]string{"playing", "scoring", "over"}[p.Phase],
		Player: p.ToMove(), LastTurns: []string{}, Penalties: slices.Clone(p.Penalties), Game: p.Final()}
	if p.Phase != Over {
		v.Dealer = p.Players[p.Dealer()]
	}
	if p.Caller != NoCaller {
		v.Caller = p.Players[p.Caller]
	}
	for _, s := range p.LastTurnSeats() {
		v.LastTurns = append(v.LastTurns, p.Players[s])
	}
	if p.OutSeat >= 0 {
		v.Out = p.Players[p.OutSeat]
	}
	return v
}

// Replay answers POST /api/v1/games/cambio/play: {"players": [...],
// "dealer": 0, "options": {...}, "steps": [...]}. It starts the game,
// applies the steps in order and stops at the first refused one. A body
// that is not a game log is a *scoring.InputError naming the field.
func Replay(body []byte) (PlayAnswer, error) {
	var req struct {
		Players []string          `json:"players"`
		Dealer  int               `json:"dealer"`
		Options json.RawMessage   `json:"options"`
		Steps   []json.RawMessage `json:"steps"`
	}
	if err := scoring.Decode(body, &req, ""); err != nil {
		return PlayAnswer{}, err
	}
	names, err := PlayerNames(req.Players)
	if err != nil {
		return PlayAnswer{}, err
	}
	opts, err := decodeOptions(req.Options)
	if err != nil {
		return PlayAnswer{}, err
	}
	steps := make([]Step, len(req.Steps))
	for i, raw := range req.Steps {
		if steps[i], err = decodeStep(raw, scoring.Index("steps", i)); err != nil {
			return PlayAnswer{}, err
		}
	}
	pos, err := Start(names, Setup{Dealer: req.Dealer, Options: opts})
	if err != nil {
		field := "dealer"
		if se, ok := err.(*StepError); ok && se.Code == "player_count" {
			field = "players"
		}
		return PlayAnswer{}, scoring.Errorf(field, "%s", err.(*StepError).Message)
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
		r := pos.Result()
		ans.Result = &r
	}
	return ans, nil
}

// PlayerNames checks a play request's list of names (missing, too long,
// duplicate) with the error on "players[i]", and returns them trimmed.
func PlayerNames(names []string) ([]string, error) {
	if names == nil {
		return nil, scoring.Errorf("players", "a list of player names is required")
	}
	if err := scoring.CheckNames("players", names); err != nil {
		if in, ok := err.(*scoring.InputError); ok {
			return nil, scoring.Errorf(strings.TrimSuffix(in.Field, ".name"), "%s", in.Message)
		}
		return nil, err
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.TrimSpace(n)
	}
	return out, nil
}

// Within checks that every player of a guided game's setup is one of the
// table's players (case and surrounding spaces ignored); a player who
// joined the table later is simply not in the game. The error names the
// setup's field, players[k].
func Within(game, table []string) error {
	at := make(map[string]bool, len(table))
	for _, n := range table {
		at[strings.ToLower(strings.TrimSpace(n))] = true
	}
	for k, n := range game {
		if !at[strings.ToLower(strings.TrimSpace(n))] {
			return scoring.Errorf(scoring.Index("players", k), "%q is not a player at this table; the players are %s", strings.TrimSpace(n), list(table))
		}
	}
	return nil
}
