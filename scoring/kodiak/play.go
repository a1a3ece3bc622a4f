package kodiak

import (
	"slices"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

// Guided play ("play along") of Kodiak: the cards stay secret, the app
// tracks what is public — who is Kodiak, whose turn it is, Kodiak's
// pounces, hairballs discarded by accident — and, once a round closes,
// takes the cards turned over as a round of the score-check state.

// Dealt is how many table cards Kodiak deals each player (rule text,
// set-up II).
const Dealt = 3

// Phase is where a guided game stands.
type Phase int

// The phases of a guided game.
const (
	Playing Phase = iota // turns are being taken
	Scoring              // the round closed: its cards are being entered
	Over                 // everyone has been Kodiak equally often (ruling KOD-1)
)

// Action is what a step does.
type Action string

// The steps of guided play.
const (
	ActDone     Action = "done"     // the player to move finished their turn
	ActPounce   Action = "pounce"   // Kodiak's successful pounces +1 or −1 (a correction)
	ActHairball Action = "hairball" // a player's hairballs discarded by accident +1 or −1
	ActOut      Action = "out"      // a player has no table cards left: the round ends at once
	ActScore    Action = "score"    // the closed round's cards, turned over
)

// Step is one move of guided play. Seat (0-based, the players' order) is
// who acts for ActDone, ActHairball and ActOut; Delta is +1 or −1 for
// ActPounce and ActHairball; Round is the round as the table enters it
// (docs/api-rounds.md) for ActScore.
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
	FirstKodiak int       // the seat that is Kodiak in round 1 (the youngest player)
	Rounds      [][]Round // finished rounds: Rounds[j][i] is seat i's round j+1
	Phase       Phase
	Turn        int   // the seat to move
	TurnsTaken  int   // turns finished in this round (0: the round just started)
	Pounces     int   // Kodiak's successful pounces this round
	Hairballs   []int // hairballs discarded by accident this round, per seat
	OutSeat     int   // the seat whose last card ended the round, or −1
	Played      int   // steps applied so far
}

// Setup is how a guided game starts: the seat that is Kodiak first ("the
// youngest player starts as Kodiak") and the table's options.
type Setup struct {
	Kodiak  int     `json:"kodiak"`
	Options Options `json:"options"`
	// Players, when set, are the game's players in seat order, fixed when
	// it starts: a player who joins the table later is not in this game.
	Players []string `json:"players,omitempty"`
}

// atSetup is the step number of a refused setup.
const atSetup = 0

// Start begins a guided game (rule text, set-up). A setup that cannot be
// played is a *StepError with Step 0.
func Start(players []string, s Setup) (Position, error) {
	n := len(players)
	// ruling KOD-1: Kodiak is for 2–6 players.
	if n < MinPlayers || n > MaxPlayers {
		return Position{}, scoring.Refusef(atSetup, "player_count", "KOD-1", "Kodiak is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	if s.Kodiak < 0 || s.Kodiak >= n {
		return Position{}, scoring.Refusef(atSetup, "no_such_seat", "KOD-1", "the first Kodiak must be one of the %d players, not seat %d", n, s.Kodiak+1)
	}
	p := Position{Players: slices.Clone(players), Options: s.Options, FirstKodiak: s.Kodiak}
	if p.Options.Cycles == 0 {
		p.Options.Cycles = DefaultCycles
	}
	return p.newRound(), nil
}

// newRound starts the next round: Kodiak passes to the left each round and
// takes the first turn (rule text, set-up IV–V).
func (p Position) newRound() Position {
	p.Phase = Playing
	p.Turn = p.Kodiak()
	p.TurnsTaken = 0
	p.Pounces = 0
	p.OutSeat = -1
	p.Hairballs = make([]int, len(p.Players))
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

// GameRounds is how many rounds the game has: everyone is Kodiak once per
// cycle (ruling KOD-1).
func (p Position) GameRounds() int { return p.Options.GameRounds(len(p.Players)) }

// Kodiak is the seat that is Kodiak this round (ruling KOD-1).
func (p Position) Kodiak() int { return KodiakSeat(p.Round(), p.FirstKodiak, len(p.Players)) }

// Over reports that everyone has been Kodiak equally often (ruling KOD-1).
func (p Position) Over() bool { return p.Phase == Over }

// ToMove is the name of the player to move, "" unless turns are being taken.
func (p Position) ToMove() string {
	if p.Phase != Playing {
		return ""
	}
	return p.Players[p.Turn]
}

// ExpectedCards is how many table cards seat holds if nobody scurried,
// pounced or drew: 3 dealt, for Kodiak minus a card per pounce and per
// hairball discarded (ruling KOD-3: at most that many), none for the
// player whose last card ended the round. A hint for entering the round;
// the table's real cards decide.
func (p Position) ExpectedCards(seat int) int {
	switch {
	case seat == p.OutSeat:
		return 0
	case seat == p.Kodiak():
		return max(KodiakCardsAtMost(p.Pounces, p.Hairballs[seat]), 0)
	}
	return Dealt
}

// KodiakOut reports that Kodiak has no table card left (ruling KOD-3):
// the pounces and the hairballs Kodiak discarded took all 3 dealt.
func (p Position) KodiakOut() bool {
	return KodiakCardsAtMost(p.Pounces, p.Hairballs[p.Kodiak()]) <= 0
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

// name is seat's player as a phrase argument.
func (p Position) name(seat int) scoring.Name { return scoring.Name(p.Players[seat]) }

// Current is the seat to move, -1 unless turns are being taken.
func (p Position) Current() int {
	if p.Phase != Playing {
		return -1
	}
	return p.Turn
}

// Moves lists the steps the rules allow now. While turns are taken: the
// player to move finishes the turn; Kodiak pounces, up to 3 times a round,
// or a pounce is taken back (ruling KOD-1); any player discards a hairball
// by accident, or one is taken back; any player runs out of table cards.
// Once the round has closed, one score step names every player and marks
// the Kodiak with the pounces and hairballs discarded counted in play: it
// stands for the round's cards and hairballs kept, which the table turns
// over and enters (the round editor), so it is the one step Moves lists
// that Apply does not take as it is. None once the game is over.
func (p Position) Moves() []Step {
	var out []Step
	switch p.Phase {
	case Playing:
		out = append(out, Step{Action: ActDone, Seat: p.Turn})
		if p.Pounces < MaxPounces {
			out = append(out, Step{Action: ActPounce, Delta: 1})
		}
		if p.Pounces > 0 {
			out = append(out, Step{Action: ActPounce, Delta: -1})
		}
		for seat := range p.Players {
			if p.Hairballs[seat] < DeckSize {
				out = append(out, Step{Action: ActHairball, Seat: seat, Delta: 1})
			}
			if p.Hairballs[seat] > 0 {
				out = append(out, Step{Action: ActHairball, Seat: seat, Delta: -1})
			}
		}
		for seat := range p.Players {
			out = append(out, Step{Action: ActOut, Seat: seat})
		}
	case Scoring:
		r := RoundEntry{}
		for seat, name := range p.Players {
			rp := RoundPlayer{Name: name, Round: Round{Kodiak: seat == p.Kodiak(), HairballsDiscarded: p.Hairballs[seat]}}
			if rp.Kodiak {
				rp.Pounces = p.Pounces
			}
			r.Players = append(r.Players, rp)
		}
		out = append(out, Step{Action: ActScore, Round: &r})
	}
	return out
}

// refuse is the *StepError for the next step.
func (p Position) refuse(code, rule, format string, args ...any) *StepError {
	return scoring.Refusef(p.Played+1, code, rule, format, args...)
}

// Ending is how a closed round ended (rule text, end of round; rulings
// KOD-1, KOD-3).
type Ending int

// The ways a round ends.
const (
	EndedOut     Ending = iota // a player had no table cards left
	EndedPounces               // Kodiak pounced away the last card: 3 pounces
	EndedLost                  // Kodiak lost the last card to pounces and hairballs discarded
)

// Ended says how the round that closed ended (EndedOut while it is
// still played).
func (p Position) Ended() Ending {
	switch {
	case p.OutSeat < 0 || p.OutSeat != p.Kodiak():
		return EndedOut
	case p.Pounces == MaxPounces:
		return EndedPounces
	case p.KodiakOut():
		return EndedLost
	}
	return EndedOut
}

// RoundsLeft is how many rounds are still to be played, the one being
// played included (ruling KOD-1).
func (p Position) RoundsLeft() int { return p.GameRounds() - len(p.Rounds) }

// refuseClosed refuses a step after the round closed, saying why it closed.
func (p Position) refuseClosed() *StepError {
	switch p.Ended() {
	case EndedPounces:
		return p.refuse("round_closed", "KOD-1", "round %d ended when Kodiak (%s) pounced away the last card; enter everyone's cards to score it before anyone plays on", p.Round(), p.name(p.OutSeat))
	case EndedLost:
		return p.refuse("round_closed", "KOD-3", "round %d ended when Kodiak (%s) lost the last card to pounces and hairballs discarded; enter everyone's cards to score it before anyone plays on", p.Round(), p.name(p.OutSeat))
	}
	return p.refuse("round_closed", "KOD-1", "round %d ended when %s had no cards left; enter everyone's cards to score it before anyone plays on", p.Round(), p.name(p.OutSeat))
}

// Apply plays one step. The receiver is left unchanged; a step the rules
// refuse returns the receiver and a *StepError naming the ruling.
func (p Position) Apply(s Step) (Position, *StepError) {
	// ruling KOD-1: the game ends when everyone was Kodiak equally often.
	if p.Phase == Over {
		if p.Options.Cycles == 1 {
			return p, p.refuse("after_game_end", "KOD-1", "the game is over: all %d rounds are played and everyone was Kodiak 1 time", len(p.Rounds))
		}
		return p, p.refuse("after_game_end", "KOD-1", "the game is over: all %d rounds are played and everyone was Kodiak %d times", len(p.Rounds), p.Options.Cycles)
	}
	if (s.Action == ActDone || s.Action == ActHairball || s.Action == ActOut) && (s.Seat < 0 || s.Seat >= len(p.Players)) {
		return p, p.refuse("no_such_seat", "KOD-1", "there is no player %d at this table of %d", s.Seat+1, len(p.Players))
	}
	// ruling KOD-1: at most 3 pounces (−15) a round. Checked before the
	// round's end, since the third pounce is what ended it.
	if s.Action == ActPounce && s.Delta > 0 && p.Pounces >= MaxPounces {
		return p, p.refuse("too_many_pounces", "KOD-1", "Kodiak (%s) has pounced %d times already; %d is the most in a round (−%d)", p.name(p.Kodiak()), p.Pounces, MaxPounces, -MaxPounces*PouncePoints)
	}
	// Rule text, end of round: once the round ends, only its scoring follows.
	if p.Phase == Scoring && s.Action != ActScore {
		return p, p.refuseClosed()
	}
	if (s.Action == ActPounce || s.Action == ActHairball) && s.Delta != 1 && s.Delta != -1 {
		return p, p.refuse("count_delta", "KOD-1", "counters change by one at a time, not %d", s.Delta)
	}
	next := p
	next.Hairballs = slices.Clone(p.Hairballs)
	next.Played++
	switch s.Action {
	case ActDone:
		// Rule text: Kodiak starts, then turns go clockwise.
		if s.Seat != p.Turn {
			return p, p.refuse("not_their_turn", "KOD-1", "it is %s's turn, not %s's", p.name(p.Turn), p.name(s.Seat))
		}
		next.TurnsTaken++
		next.Turn = (p.Turn + 1) % len(p.Players)
	case ActPounce:
		if s.Delta < 0 && p.Pounces == 0 {
			return p, p.refuse("no_pounce", "KOD-1", "Kodiak (%s) has not pounced this round, so no pounce can be taken back", p.name(p.Kodiak()))
		}
		next.Pounces += s.Delta
		// Rule text, end of round, and ruling KOD-3: each pounce costs
		// Kodiak a card; with the last one gone (3 pounces, or fewer and
		// hairballs discarded) the round ends at once.
		if next.KodiakOut() {
			next.OutSeat, next.Phase = p.Kodiak(), Scoring
		}
	case ActHairball:
		if s.Delta < 0 && p.Hairballs[s.Seat] == 0 {
			return p, p.refuse("no_hairball", "KOD-1", "%s has discarded no hairball this round, so none can be taken back", p.name(s.Seat))
		}
		// ruling CAM-1: no counter exceeds the 76-card deck.
		if s.Delta > 0 && p.Hairballs[s.Seat] >= DeckSize {
			return p, p.refuse("count_too_high", "CAM-1", "%s cannot discard more hairballs than the deck has cards (%d)", p.name(s.Seat), DeckSize)
		}
		next.Hairballs[s.Seat] += s.Delta
		// ruling KOD-3: a hairball Kodiak discards costs Kodiak a card
		// too; the last one gone ends the round.
		if s.Seat == p.Kodiak() && next.KodiakOut() {
			next.OutSeat, next.Phase = p.Kodiak(), Scoring
		}
	case ActOut:
		// Rule text: the round ends immediately after a player discards or
		// pounces away their last table card.
		next.OutSeat, next.Phase = s.Seat, Scoring
	case ActScore:
		return p.score(s.Round)
	default:
		return p, p.refuse("unknown_step", "KOD-1", "%q is not a step of Kodiak", s.Action)
	}
	return next, nil
}

// score records the closed round and starts the next one, or ends the game
// (ruling KOD-1). The counters in the round must be the ones played.
func (p Position) score(r *RoundEntry) (Position, *StepError) {
	if p.Phase != Scoring {
		return p, p.refuse("round_not_over", "KOD-1", "round %d is still being played: it ends when a player has no table cards left", p.Round())
	}
	if r == nil {
		return p, p.refuse("round_players", "KOD-1", "the round's cards are missing")
	}
	entered := make([]string, len(r.Players))
	for k, rp := range r.Players {
		entered[k] = rp.Name
	}
	seat, err := cambio.MatchSeats("round.players", p.Players, entered)
	if err != nil {
		return p, p.refuse("round_players", "KOD-1", "every player's cards are entered, once each: %s", scoring.ErrorText(err))
	}
	round := make([]Round, len(p.Players))
	kodiak := p.Kodiak()
	for k, rp := range r.Players {
		i, name := seat[k], p.Players[seat[k]]
		var pounces int
		if i == kodiak {
			pounces = p.Pounces
		}
		switch {
		// ruling KOD-1: exactly one Kodiak per round, passing left.
		case rp.Kodiak != (i == kodiak):
			if rp.Kodiak {
				return p, p.refuse("kodiak_mismatch", "KOD-1", "the round marks %s as Kodiak, but round %d's Kodiak is %s", scoring.Name(name), p.Round(), p.name(kodiak))
			}
			return p, p.refuse("kodiak_mismatch", "KOD-1", "the round does not mark %s as Kodiak, but %s is round %d's Kodiak", scoring.Name(name), scoring.Name(name), p.Round())
		// ruling KOD-1: only Kodiak pounces; the count is the one played.
		case rp.Pounces != pounces:
			if rp.Pounces == 1 {
				return p, p.refuse("pounce_mismatch", "KOD-1", "the round gives %s 1 pounce, but %d were counted in play", scoring.Name(name), pounces)
			}
			return p, p.refuse("pounce_mismatch", "KOD-1", "the round gives %s %d pounces, but %d were counted in play", scoring.Name(name), rp.Pounces, pounces)
		case rp.HairballsDiscarded != p.Hairballs[i]:
			if rp.HairballsDiscarded == 1 {
				return p, p.refuse("hairball_mismatch", "KOD-1", "the round gives %s 1 hairball discarded, but %d were counted in play", scoring.Name(name), p.Hairballs[i])
			}
			return p, p.refuse("hairball_mismatch", "KOD-1", "the round gives %s %d hairballs discarded, but %d were counted in play", scoring.Name(name), rp.HairballsDiscarded, p.Hairballs[i])
		case rp.HairballsKept < 0 || rp.HairballsKept > DeckSize:
			return p, p.refuse("negative_count", "KOD-1", "%s keeps %d hairballs; a count is 0 to %d", scoring.Name(name), rp.HairballsKept, DeckSize)
		// ruling KOD-2: a hairball counts through the counters only.
		case slices.ContainsFunc(rp.Cards, func(c Card) bool { return c.Hairball }):
			return p, p.refuse("hairball_as_card", "KOD-2", "%s has a hairball among the cards; count it as a hairball kept (+10) instead", scoring.Name(name))
		// Rule text, end of round: the round ended because this player had
		// no table cards (a kept hairball is a table card).
		case i == p.OutSeat && TableCards(rp.Round) > 0:
			return p, p.refuse("out_has_cards", "KOD-1", "round %d ended because %s had no cards left, so %s turns over no cards, not %d", p.Round(), scoring.Name(name), scoring.Name(name), TableCards(rp.Round))
		// ruling KOD-3: Kodiak holds at most 3 − pounces − hairballs
		// discarded, as the score check says.
		case i == kodiak && TableCards(rp.Round) > KodiakCardsAtMost(pounces, p.Hairballs[i]):
			return p, p.refuse("kodiak_cards", "KOD-3", "%s is Kodiak and turns over %d table cards, but Kodiak is dealt %d and never gains one, and the %d pounces and %d hairballs discarded this round cost one each: at most %d are left", scoring.Name(name), TableCards(rp.Round), Dealt, pounces, p.Hairballs[i], KodiakCardsAtMost(pounces, p.Hairballs[i]))
		}
		round[i] = rp.Round
		round[i].Cards = slices.Clone(rp.Cards)
	}
	next := p
	next.Played++
	next.Rounds = append(slices.Clone(p.Rounds), round)
	if len(next.Rounds) >= next.GameRounds() {
		next.Phase = Over
		next.Hairballs = make([]int, len(p.Players))
		next.OutSeat, next.Pounces = -1, 0
		return next, nil
	}
	return next.newRound(), nil
}
