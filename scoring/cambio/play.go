package cambio

import (
	"slices"

	"tablemate/scoring"
)

// Guided play ("play along") of Cambio: the cards stay secret, the app
// tracks what is public — the dealer, whose turn it is, who called Cambio
// and how many last turns are left, penalty cards — and, once a round
// closes, takes the cards turned over as a round of the score-check state.

// Dealt is how many table cards each player is dealt (rule text, set-up II).
const Dealt = 4

// Phase is where a guided game stands.
type Phase int

// The phases of a guided game.
const (
	Playing Phase = iota // turns are being taken
	Scoring              // the round closed: its cards are being entered
	Over                 // the game ended (ruling CAM-2)
)

// Action is what a step does.
type Action string

// The steps of guided play.
const (
	ActDone    Action = "done"    // the player to move finished their turn
	ActCambio  Action = "cambio"  // the player to move calls Cambio instead of drawing
	ActOut     Action = "out"     // a player has no table cards left: the round ends at once
	ActPenalty Action = "penalty" // a player's penalty cards +1 or −1 (a correction)
	ActScore   Action = "score"   // the closed round's cards, turned over
)

// Step is one move of guided play. Seat (0-based, the players' order) is
// who acts for Done, Call, Out and Penalty; Delta is +1 or −1 for Penalty;
// Round is the round as the table enters it (docs/api-rounds.md) for Score.
type Step struct {
	Action Action
	Seat   int
	Delta  int
	Round  *RoundEntry
}

// StepError is a step the rules refuse (scoring.StepError).
type StepError = scoring.StepError

// Position is a guided game in progress. It is a value: Apply returns a new
// one and leaves its receiver untouched, so a log replays into any position.
type Position struct {
	Players     []string
	Options     Options
	FirstDealer int       // the seat that dealt round 1 (the youngest player)
	Rounds      [][]Round // finished rounds: Rounds[j][i] is seat i's round j+1
	Phase       Phase
	Turn        int   // the seat to move
	TurnsTaken  int   // turns finished in this round (0: the round just started)
	Caller      int   // the seat that called Cambio this round, or NoCaller
	LastTurns   int   // turns still to play after the call
	OutSeat     int   // the seat whose last card ended the round, or −1
	Penalties   []int // penalty cards drawn this round, per seat
	Played      int   // steps applied so far
}

// Setup is how a guided game starts: the seat that deals first ("the
// youngest player starts as the dealer") and the table's options.
type Setup struct {
	Dealer  int     `json:"dealer"`
	Options Options `json:"options"`
	// Players, when set, are the game's players in seat order, fixed when
	// it starts: a player who joins the table later is not in this game.
	Players []string `json:"players,omitempty"`
}

// atSetup is the step number of a refused setup.
const atSetup = 0

// Start begins a guided game (rule text, set-up): the first dealer deals 4
// cards to everyone and takes the first turn. A setup that cannot be
// played is a *StepError with Step 0.
func Start(players []string, s Setup) (Position, error) {
	n := len(players)
	// ruling CAM-2: Cambio is for 2–8 players.
	if n < MinPlayers || n > MaxPlayers {
		return Position{}, scoring.Refusef(atSetup, "player_count", "CAM-2", "Cambio is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	if s.Dealer < 0 || s.Dealer >= n {
		return Position{}, scoring.Refusef(atSetup, "no_such_seat", "CAM-2", "the first dealer must be one of the %d players, not seat %d", n, s.Dealer+1)
	}
	p := Position{Players: slices.Clone(players), Options: s.Options, FirstDealer: s.Dealer}
	if p.Options.CambioTie == "" {
		p.Options.CambioTie = TieReward
	}
	if p.Options.Target == 0 {
		p.Options.Target = DefaultTarget
	}
	return p.newRound(), nil
}

// newRound deals the next round: the dealer moves one seat clockwise each
// round and takes the first turn (rule text, set-up IV–V).
func (p Position) newRound() Position {
	p.Phase = Playing
	p.Turn = p.Dealer()
	p.TurnsTaken = 0
	p.Caller = NoCaller
	p.LastTurns = 0
	p.OutSeat = -1
	p.Penalties = make([]int, len(p.Players))
	return p
}

// Round is the number of the round being played or scored (1-based), or
// of the last round once the game is over.
func (p Position) Round() int {
	if p.Phase == Over {
		return len(p.Rounds)
	}
	return len(p.Rounds) + 1
}

// Dealer is the seat that deals the current round.
func (p Position) Dealer() int {
	return (p.FirstDealer + Dealer(p.Round(), len(p.Players))) % len(p.Players)
}

// Over reports that the game has ended (ruling CAM-2).
func (p Position) Over() bool { return p.Phase == Over }

// ToMove is the name of the player to move, "" unless turns are being taken.
func (p Position) ToMove() string {
	if p.Phase != Playing {
		return ""
	}
	return p.Players[p.Turn]
}

// LastTurnSeats are the seats still to take their last turn after the
// call, in turn order.
func (p Position) LastTurnSeats() []int {
	var out []int
	if p.Phase != Playing || p.Caller == NoCaller {
		return out
	}
	for k := range p.LastTurns {
		out = append(out, (p.Turn+k)%len(p.Players))
	}
	return out
}

// ExpectedCards is how many table cards seat should turn over if nobody
// discarded or was given a card: 4 dealt plus its penalty cards, and none
// for the player whose last card ended the round. It is a hint for entering
// the round; the table's real cards decide.
func (p Position) ExpectedCards(seat int) int {
	if seat == p.OutSeat {
		return 0
	}
	return Dealt + p.Penalties[seat]
}

// Final is the game so far as a score-check State: every finished round.
func (p Position) Final() State {
	s := State{Options: p.Options}
	for i, name := range p.Players {
		pl := Player{Name: name, Rounds: []Round{}}
		for _, r := range p.Rounds {
			pl.Rounds = append(pl.Rounds, r[i])
		}
		s.Players = append(s.Players, pl)
	}
	return s
}

// Result scores the finished rounds (totals so far, winners once over).
func (p Position) Result() scoring.Result { return Score(p.Final()) }

func (p Position) next(seat int) int { return (seat + 1) % len(p.Players) }

// refuse is the *StepError for the next step under ruling CAM-2.
func (p Position) refuse(code, format string, args ...any) *StepError {
	return p.refuseBy(code, "CAM-2", format, args...)
}

// refuseBy is the *StepError for the next step under rule.
func (p Position) refuseBy(code, rule, format string, args ...any) *StepError {
	return scoring.Refusef(p.Played+1, code, rule, format, args...)
}

// refuseClosed refuses a step after the round closed, saying why it closed.
func (p Position) refuseClosed() *StepError {
	if p.OutSeat >= 0 {
		return p.refuse("round_closed", "round %d ended when %s had no cards left; enter everyone's cards to score it before anyone plays on", p.Round(), p.Players[p.OutSeat])
	}
	return p.refuse("round_closed", "round %d ended: %s called Cambio and everyone else had one more turn; enter everyone's cards to score it before anyone plays on", p.Round(), p.Players[p.Caller])
}

// Apply plays one step. The receiver is left unchanged; a step the rules
// refuse returns the receiver and a *StepError naming the ruling.
func (p Position) Apply(s Step) (Position, *StepError) {
	// ruling CAM-2: the game ends after the round in which a total reaches
	// the target; nothing follows it.
	if p.Phase == Over {
		return p, p.refuse("after_game_end", "the game is over after round %d: a total reached %d", len(p.Rounds), p.Options.Limit())
	}
	if s.Action != ActScore && (s.Seat < 0 || s.Seat >= len(p.Players)) {
		return p, p.refuse("no_such_seat", "there is no player %d at this table of %d", s.Seat+1, len(p.Players))
	}
	// Rule text, end of round: once the round ends, only its scoring follows.
	if p.Phase == Scoring && s.Action != ActScore {
		return p, p.refuseClosed()
	}
	next := p
	next.Penalties = slices.Clone(p.Penalties)
	next.Played++
	switch s.Action {
	case ActDone, ActCambio:
		// Rule text: turns go clockwise; Cambio is called "at the beginning
		// of their turn", so only the player to move may call it.
		if s.Seat != p.Turn {
			return p, p.refuse("not_their_turn", "it is %s's turn, not %s's", p.Players[p.Turn], p.Players[s.Seat])
		}
		if s.Action == ActCambio {
			// ruling CAM-2: at most one player calls Cambio per round.
			if p.Caller != NoCaller {
				return p, p.refuse("cambio_twice", "%s already called Cambio in round %d; only one player may call it per round", p.Players[p.Caller], p.Round())
			}
			// Each of the other players now has one more turn.
			next.Caller, next.LastTurns = s.Seat, len(p.Players)-1
		} else if p.Caller != NoCaller {
			next.LastTurns--
		}
		next.TurnsTaken++
		next.Turn = p.next(p.Turn)
		if next.Caller != NoCaller && next.LastTurns == 0 {
			next.Phase = Scoring
		}
	case ActOut:
		// ruling CAM-3: after the call the caller's cards are frozen:
		// nobody may discard them, so the caller cannot run out.
		if s.Seat == p.Caller {
			return p, p.refuseBy("caller_frozen", "CAM-3", "%s called Cambio, so %s's cards are frozen: nobody may discard them, and %s still holds them at the end of the round", p.Players[s.Seat], p.Players[s.Seat], p.Players[s.Seat])
		}
		// Rule text: as soon as any player has no more table cards, the
		// round ends immediately.
		next.OutSeat, next.Phase = s.Seat, Scoring
	case ActPenalty:
		if s.Delta != 1 && s.Delta != -1 {
			return p, p.refuse("penalty_delta", "penalty cards change by one at a time, not %d", s.Delta)
		}
		if p.Penalties[s.Seat]+s.Delta < 0 {
			return p, p.refuse("no_penalty_card", "%s has drawn no penalty card this round, so none can be taken back", p.Players[s.Seat])
		}
		next.Penalties[s.Seat] += s.Delta
	case ActScore:
		return p.score(s.Round)
	default:
		return p, p.refuse("unknown_step", "%q is not a step of Cambio", s.Action)
	}
	return next, nil
}

// score records the closed round's cards and deals the next round, or
// ends the game (ruling CAM-2).
func (p Position) score(r *RoundEntry) (Position, *StepError) {
	if p.Phase != Scoring {
		return p, p.refuse("round_not_over", "round %d is still being played: it ends when Cambio was called and everyone else had one more turn, or when a player has no cards", p.Round())
	}
	if r == nil {
		return p, p.refuse("round_players", "the round's cards are missing")
	}
	entered := make([]string, len(r.Players))
	for k, rp := range r.Players {
		entered[k] = rp.Name
	}
	seat, err := MatchSeats("round.players", p.Players, entered)
	if err != nil {
		return p, p.refuse("round_players", "every player's cards are entered, once each: %s", err.Error())
	}
	round := make([]Round, len(p.Players))
	for k, rp := range r.Players {
		i := seat[k]
		// ruling CAM-2: the caller's bonus belongs to whoever called in play.
		if rp.Cambio != (i == p.Caller) {
			who := "nobody"
			if p.Caller != NoCaller {
				who = p.Players[p.Caller]
			}
			return p, p.refuse("caller_mismatch", "the round marks %s as the Cambio caller, but %s called Cambio in round %d", p.Players[i], who, p.Round())
		}
		round[i] = Round{Cards: slices.Clone(rp.Cards), Cambio: rp.Cambio}
	}
	// ruling CAM-3: the round ended the way it was played: the player
	// who ran out holds nothing, the caller at least one frozen card.
	held, called := make([]int, len(round)), make([]bool, len(round))
	for i, r := range round {
		held[i], called[i] = len(r.Cards), r.Cambio
	}
	for _, e := range EndProblems(held, called, p.OutSeat) {
		name := p.Players[e.Seat]
		switch e.Code {
		case "out_has_cards":
			return p, p.refuseBy("out_has_cards", "CAM-3", "round %d ended because %s had no cards left, so %s turns over no cards, not %d", p.Round(), name, name, held[e.Seat])
		case "caller_out":
			return p, p.refuseBy("caller_out", "CAM-3", "%s called Cambio in round %d, so %s's cards were frozen: %s turns over at least one card", name, p.Round(), name, name)
		}
	}
	next := p
	next.Played++
	next.Rounds = append(slices.Clone(p.Rounds), round)
	if next.Result().GameOver {
		next.Phase = Over
		next.Penalties = make([]int, len(p.Players))
		next.OutSeat, next.Caller = -1, NoCaller
		return next, nil
	}
	return next.newRound(), nil
}
