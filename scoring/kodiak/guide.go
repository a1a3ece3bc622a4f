package kodiak

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

// ParseSetup reads a guided game's setup strictly (docs/api-cambio-play.md):
// {"kodiak": 0, "options": {"cycles": 1}}. An unknown field or an option
// out of range is a *scoring.InputError naming it.
func ParseSetup(raw []byte) (Setup, error) {
	var in struct {
		Kodiak  int             `json:"kodiak"`
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
	s := Setup{Kodiak: in.Kodiak, Options: opts, Players: in.Players}
	return s, nil
}

// PlayRequest is the play API's setup as sent: the request beside
// "players" and "steps" (docs/api-cambio-play.md).
type PlayRequest struct {
	Kodiak  int             `json:"kodiak"`
	Options json.RawMessage `json:"options"`
}

// SetupJSON is the JSON of a setup, as a table records it.
func SetupJSON(s Setup) []byte {
	b, _ := json.Marshal(s)
	return b
}

// WireStep is a step as JSON: exactly one of the action fields is set.
type WireStep struct {
	Done     *int            `json:"done"`
	Pounce   *int            `json:"pounce"`
	Hairball *int            `json:"hairball"`
	Delta    *int            `json:"delta"`
	Out      *int            `json:"out"`
	Score    json.RawMessage `json:"score"`
}

// ParseStep reads one guided step strictly: {"done": 1}, {"pounce": 1}
// (or -1), {"hairball": 2, "delta": 1}, {"out": 0} or {"score": round}
// where round is a Kodiak round as docs/api-rounds.md writes it (without
// options). Seats are 0-based in the players' order. Anything else is a
// *scoring.InputError naming the field.
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
	if w.Done != nil {
		s, set = Step{Action: ActDone, Seat: *w.Done}, set+1
	}
	if w.Pounce != nil {
		s, set = Step{Action: ActPounce, Delta: *w.Pounce}, set+1
	}
	if w.Hairball != nil {
		s, set = Step{Action: ActHairball, Seat: *w.Hairball}, set+1
	}
	if w.Out != nil {
		s, set = Step{Action: ActOut, Seat: *w.Out}, set+1
	}
	if len(w.Score) > 0 && string(w.Score) != "null" {
		set++
		r, _, err := DecodeRound(w.Score)
		if err != nil {
			if in, ok := err.(*scoring.InputError); ok {
				return Step{}, scoring.Refield(in, field+".score"+strings.TrimPrefix(in.Field, "round"))
			}
			return Step{}, err
		}
		if r.Options != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "score.options"), "options are set when the guided game starts, not per round")
		}
		s = Step{Action: ActScore, Round: &r}
	}
	if set != 1 {
		return Step{}, scoring.Errorf(field, "a step is exactly one of done, pounce, hairball (with delta), out or score")
	}
	switch {
	case s.Action == ActHairball && w.Delta == nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "a hairball step says 1 (a hairball discarded) or -1 (taken back)")
	case s.Action == ActHairball:
		s.Delta = *w.Delta
	case w.Delta != nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "delta belongs to a hairball step only")
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	w := map[string]any{}
	switch s.Action {
	case ActDone, ActOut:
		w[string(s.Action)] = s.Seat
	case ActPounce:
		w["pounce"] = s.Delta
	case ActHairball:
		w["hairball"], w["delta"] = s.Seat, s.Delta
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
	Round     int    `json:"round"`
	Rounds    int    `json:"rounds"` // how many rounds the game has
	Phase     string `json:"phase"`  // "playing", "scoring" or "over"
	Kodiak    string `json:"kodiak"`
	Player    string `json:"player"` // the player to move, "" unless playing
	Pounces   int    `json:"pounces"`
	Hairballs []int  `json:"hairballs_discarded"`
	Out       string `json:"out"` // whose last card ended the round, ""
	Game      State  `json:"game"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Round: p.Round(), Rounds: p.GameRounds(), Phase: [...]string{"playing", "scoring", "over"}[p.Phase],
		Player: p.ToMove(), Pounces: p.Pounces, Hairballs: slices.Clone(p.Hairballs), Game: p.Final()}
	if p.Phase != Over {
		v.Kodiak = p.Players[p.Kodiak()]
	}
	if p.OutSeat >= 0 {
		v.Out = p.Players[p.OutSeat]
	}
	return v
}

// Rules are Kodiak's guided play for scoring.Play: the setup is the first
// Kodiak and the options (Setup), a step a turn, a pounce, a hairball, a
// player out or a closed round's cards (Step).
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
		if err := cambio.Within(s.Players, players); err != nil {
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

// ReadRequest reads POST /api/v1/games/kodiak/play: {"players": [...],
// "kodiak": 0, "options": {"cycles": 1}, "steps": [...]}. Bad names, an
// option out of range and (once the steps are read) a setup the rules
// refuse are *scoring.InputError naming the field.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	var req PlayRequest
	if err := scoring.Decode(setup, &req, ""); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	names, err := scoring.PlayerList(players)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	// The setup's own reader checks kodiak and options (options.cycles).
	raw, _ := json.Marshal(struct {
		Kodiak  int             `json:"kodiak"`
		Options json.RawMessage `json:"options,omitempty"`
	}{req.Kodiak, req.Options})
	s, err := ParseSetup(raw)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{Start: func() (Position, error) {
		pos, err := Start(names, s)
		if se, ok := err.(*StepError); ok {
			field := "kodiak"
			if se.Code == "player_count" {
				field = "players"
			}
			return pos, scoring.Errorf(field, "%s", se.Phrase)
		}
		return pos, err
	}}, nil
}
