package cambio

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

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
		if _, err := scoring.PlayerList(in.Players); err != nil {
			return Setup{}, err
		}
	}
	opts, err := DecodeOptions(in.Options)
	if err != nil {
		return Setup{}, err
	}
	return Setup{Dealer: in.Dealer, Options: opts, Players: in.Players}, nil
}

// PlayRequest is the play API's setup as sent: the request beside
// "players" and "steps" (docs/api-cambio-play.md).
type PlayRequest struct {
	Dealer  int             `json:"dealer"`
	Options json.RawMessage `json:"options"`
}

// SetupJSON is the JSON of a setup, as a table records it.
func SetupJSON(s Setup) []byte {
	b, _ := json.Marshal(s)
	return b
}

// WireStep is a step as JSON: exactly one of the action fields is set.
type WireStep struct {
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
	var w WireStep
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
		return scoring.Refield(in, prefix+strings.TrimPrefix(in.Field, "round"))
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

// Rules are Cambio's guided play for scoring.Play: the setup is the first
// dealer and the options (Setup), a step a turn, a call, a player out, a
// penalty card or a closed round's cards (Step).
type Rules struct{}

var _ scoring.Rules[Position, Step, PlayState] = Rules{}

// Start begins a guided game from a recorded setup. The players it names
// (fixed when it started) play it, and must still be the table's; a
// player who joined later watches.
func (Rules) Start(players []string, setup []byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	if s.Players != nil {
		if err := Within(s.Players, players); err != nil {
			return Position{}, err
		}
		players = s.Players
	}
	return Start(players, s)
}

// ReadStep reads a recorded step (ParseStep's forms).
func (Rules) ReadStep(raw []byte, field string) (Step, error) { return decodeStep(raw, field) }

// Final is every round played as one score-check request.
func (Rules) Final(p Position) any { return p.Final() }

// Score is the score check of the rounds played so far.
func (Rules) Score(p Position) scoring.Result { return p.Result() }

// ReadRequest reads POST /api/v1/games/cambio/play: {"players": [...],
// "dealer": 0, "options": {...}, "steps": [...]}. Bad names, an option
// the game lacks and (once the steps are read) a setup the rules refuse
// are *scoring.InputError naming the field.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	var req PlayRequest
	if err := scoring.Decode(setup, &req, ""); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	names, err := scoring.PlayerList(players)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	opts, err := DecodeOptions(req.Options)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{Start: func() (Position, error) {
		pos, err := Start(names, Setup{Dealer: req.Dealer, Options: opts})
		if se, ok := err.(*StepError); ok {
			field := "dealer"
			if se.Code == "player_count" {
				field = "players"
			}
			return pos, scoring.Errorf(field, "%s", se.Phrase)
		}
		return pos, err
	}}, nil
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
			return scoring.Errorf(scoring.Index("players", k), "%q is not a player at this table; the players are %s", scoring.Name(strings.TrimSpace(n)), table)
		}
	}
	return nil
}
