package runemarket

import (
	"slices"
	"strings"

	"tablemate/scoring"
)

// StepError is a step the rules refuse (scoring.StepError).
type StepError = scoring.StepError

// HandSize is how many hand cards a player holds after drawing back (rule
// text "Draw Back to 3").
const HandSize = 3

// Phase is where the player to move is in their turn (rule text
// "Gameplay": the four phases in this order). PhaseEnd follows the market's
// last rune while a tie-break fact is still missing; PhaseOver is the end.
type Phase string

// The phases of a turn, then of the end of the game.
const (
	PhaseInterest  Phase = "interest"
	PhasePurchases Phase = "purchases"
	PhaseHand      Phase = "hand_cards"
	PhaseEnd       Phase = "end"
	PhaseOver      Phase = "over"
)

// Market is what lies in the middle of the table: runes, boat shelters and
// bandits. Runes paid come back to it, bandits and destroyed boat shelters
// return to it.
type Market struct {
	Red          int `json:"red"`
	Blue         int `json:"blue"`
	BoatShelters int `json:"boat_shelters"`
	Bandits      int `json:"bandits"`
}

// Runes is the market's runes of colour c.
func (m Market) Runes(c string) int {
	if c == Blue {
		return m.Blue
	}
	return m.Red
}

// RunesLeft is the red and blue runes still in the market; the game ends
// when it reaches 0 (ruling RUN-1).
func (m Market) RunesLeft() int { return m.Red + m.Blue }

// Seat is one player's public ledger: table cards as Player describes them
// (shelters with their runes, boat shelter and bandit; stand-alone boat
// shelters; loose runes) plus the number of hand cards held.
type Seat struct {
	Player
	Hand int `json:"hand"`
}

// Position is a game of The Rune Market in progress. It is a value: Apply
// returns a new one and leaves its receiver untouched.
type Position struct {
	Players []Seat
	Market  Market
	Phase   Phase
	// Turn counts turns from 1; Steps counts the steps applied.
	Turn, Steps int
	// Played is the hand-card plays of this turn; Attacked lists the
	// opponents the player to move has challenged to a duel this turn.
	Played   int
	Attacked []string
	// Interest is the engine's report of this turn's phase 1 once taken;
	// InterestFrom the shelters behind its yields as they stood before.
	Interest     *InterestReport
	InterestFrom []YieldSource
	// RPSWinner is the entered winner of the final rock-paper-scissors
	// duel (ruling RUN-1, G-2), "" until entered.
	RPSWinner string
	current   int
	// fresh: the turn's interest was taken by itself (nothing to take) and
	// no step has been played since; a recorded interest step is then
	// accepted and changes nothing (tables recorded before it was taken by
	// itself).
	fresh bool
}

// Current is the index in Players of the player to move, -1 once the
// market is empty.
func (p Position) Current() int {
	if p.Ended() || len(p.Players) == 0 {
		return -1
	}
	return p.current
}

// ToMove is the name of the player to move, "" once the market is empty.
func (p Position) ToMove() string {
	if p.Ended() || len(p.Players) == 0 {
		return ""
	}
	return p.Players[p.current].Name
}

// Ended reports that the market's last rune has been taken (ruling RUN-1):
// no more turns; tie-break facts may still be missing.
func (p Position) Ended() bool { return p.Phase == PhaseEnd || p.Phase == PhaseOver }

// Over reports that the game is finished and its ranking complete.
func (p Position) Over() bool { return p.Phase == PhaseOver }

// Price is the runes of one colour that buy a boat shelter or a bandit at
// this table (ruling RUN-1).
func (p Position) Price() int { return Price(len(p.Players)) }

// Start sets up a game: 2–5 players (ruling RUN-1), the market as counted
// and the player who starts ("the winner of the last round", or the
// youngest). A setup that cannot be played is a *StepError with Step 0.
func Start(players []string, market Market, first string) (Position, error) {
	r := refuser{step: 0}
	if n := len(players); n < MinPlayers || n > MaxPlayers {
		return Position{}, r.refuse("player_count", "RUN-1", "The Rune Market is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	if market.Red < 0 || market.Blue < 0 || market.BoatShelters < 0 || market.Bandits < 0 {
		return Position{}, r.refuse("negative_count", "RUN-1", "the market's piles cannot hold fewer than 0 cards")
	}
	if market.RunesLeft() == 0 {
		return Position{}, r.refuse("market_empty", "RUN-1", "the market needs red or blue runes: the game ends when its last rune is taken")
	}
	p := Position{Market: market, Phase: PhaseInterest, Turn: 1}
	for _, name := range players {
		p.Players = append(p.Players, Seat{Player: Player{Name: name, Shelters: []Shelter{}, BoatShelters: []BoatShelter{}}, Hand: HandSize})
	}
	i, ok := p.find(first)
	if !ok {
		return Position{}, r.refuse("unknown_player", "RUN-1", "%q is not at the table: name the player who starts (the winner of the last round, or the youngest)", scoring.Name(first))
	}
	p.current = i
	p.beginTurn()
	return p, nil
}

// find looks a player up the way names are compared at the table.
func (p Position) find(name string) (int, bool) {
	name = strings.TrimSpace(name)
	for i, s := range p.Players {
		if name != "" && strings.EqualFold(strings.TrimSpace(s.Name), name) {
			return i, true
		}
	}
	return 0, false
}

// Action is what a step does.
type Action string

// The steps of guided play.
const (
	// Phase 1.
	DoInterest Action = "interest"
	// Phase 2 (runes only) or 3 (number cards summing to 21+).
	DoBuy    Action = "buy"
	DoRansom Action = "ransom"
	// Any time in the player's own turn: put loose runes into a shelter.
	DoPlace Action = "place"
	// Phase 3: hand cards.
	DoRune        Action = "rune"
	DoShelter     Action = "shelter"
	DoThief       Action = "thief"
	DoDoubleTheft Action = "double_theft"
	DoDuel        Action = "duel"
	// Phase 4.
	DoDraw Action = "draw"
	// After the end: confirm the final ranking, with the facts the
	// tie-break chain needs.
	DoFinish Action = "finish"
)

// Items the market sells.
const (
	ItemBoatShelter = "boat_shelter"
	ItemBandit      = "bandit"
)

// Where a bought boat shelter goes: into the red or blue main shelter, or
// standing alone.
const Alone = "alone"

// PayCards is Step.Pay of a move Moves lists for a purchase or a ransom
// paid with number cards summing to BoatOrBanditSum or more: the cards
// are the table's to name (Step.Cards), so such a step stands for every
// payment of that kind.
const PayCards = "cards"

// StandAlone is a bandit's Step.Shelter naming a stand-alone boat shelter
// of the victim (ruling RUN-2), chosen by Step.Colour: its runes' colour,
// or "" for one that holds no rune yet.
const StandAlone = "boat_shelter"

// Theft is one steal: a rune of Colour, or a hand card, from a player.
type Theft struct {
	From   string `json:"from"`
	Take   string `json:"take"` // "rune" or "hand_card"
	Colour string `json:"colour,omitempty"`
}

// What a theft takes.
const (
	TakeRune     = "rune"
	TakeHandCard = "hand_card"
)

// Step is one move of guided play. Do says which; the other fields are
// the move's details (see docs/api-rune-market-play.md).
type Step struct {
	Do Action `json:"do"`
	// Item bought (buy): boat_shelter or bandit.
	Item string `json:"item,omitempty"`
	// Pay is the colour of the runes paid for a purchase (buy).
	Pay string `json:"pay,omitempty"`
	// Cards are the number cards discarded (rune, buy, ransom) .
	Cards []int `json:"cards,omitempty"`
	// Runes are the runes paid as a bandit's ransom (ransom).
	Runes *Runes `json:"runes,omitempty"`
	// Colour: of the rune bought (rune), the shelter played (shelter),
	// the runes placed (place), the stand-alone boat shelter a bandit goes
	// into ("" = one with no rune yet; buy bandit).
	Colour string `json:"colour,omitempty"`
	// Player: the bandit's victim (buy bandit) or the defender (duel).
	Player string `json:"player,omitempty"`
	// Shelter: the colour of the victim's main shelter the bandit goes
	// into, or StandAlone for a stand-alone boat shelter (buy bandit,
	// ruling RUN-2); the colour of the own shelter freed (ransom).
	Shelter string `json:"shelter,omitempty"`
	// Into: where a bought boat shelter goes (red, blue, alone); where
	// runes are placed (shelter, boat_shelter).
	Into string `json:"into,omitempty"`
	// Count of runes placed (place).
	Count int `json:"count,omitempty"`
	// Steal: the thefts (thief: 1, double_theft: 2, a won duel: 1).
	Steal []Theft `json:"steal,omitempty"`
	// Card is the attacker's number card, Won whether the attack won,
	// Defence the defender's card shown when it did not (duel).
	Card    *int `json:"card,omitempty"`
	Won     bool `json:"won,omitempty"`
	Defence *int `json:"defence,omitempty"`
	// HighestNumberCards and RPSWinner are tie-break facts (finish).
	HighestNumberCards map[string]int `json:"highest_number_cards,omitempty"`
	RPSWinner          string         `json:"rps_winner,omitempty"`
}

// Apply plays one step and returns the new position; the receiver is left
// unchanged. A step the rules refuse is a *StepError naming the ruling.
func (p Position) Apply(s Step) (Position, *StepError) {
	n := p.clone()
	n.Steps++
	n.fresh = false
	r := refuser{step: n.Steps}
	if s.Do == DoInterest && p.fresh {
		return n, nil // taken by itself already: a log from before says it
	}
	if s.Do == DoFinish {
		if err := n.finish(s, r); err != nil {
			if err.Warning {
				return n, err
			}
			return p, err
		}
		return n, nil
	}
	if p.Ended() {
		return p, r.refuse("after_game_end", "RUN-1", "the game ended when the market's last rune was taken; no more moves")
	}
	var err *StepError
	switch s.Do {
	case DoInterest:
		err = n.interest(r)
	case DoBuy:
		err = n.buy(s, r)
	case DoRansom:
		err = n.ransom(s, r)
	case DoPlace:
		err = n.place(s, r)
	case DoRune, DoShelter, DoThief, DoDoubleTheft, DoDuel:
		err = n.handCard(s, r)
	case DoDraw:
		err = n.draw(r)
	default:
		err = r.refuse("unknown_action", "RUN-1", "%q is not a move of The Rune Market", scoring.Name(s.Do))
	}
	if err != nil {
		return p, err
	}
	if n.Market.RunesLeft() == 0 {
		// Ruling RUN-1: the game ends immediately with the last rune; the
		// table then confirms the ranking (a finish step).
		n.Phase = PhaseEnd
	}
	return n, nil
}

// Moves lists the moves open to the player to move, in the form the play
// page offers them. Where a move's details are the table's to name, one
// step stands for them, its open details left empty:
//   - number cards: a purchase or ransom paid with cards carries Pay
//     PayCards (cards summing to BoatOrBanditSum or more), a rune bought
//     carries no cards (cards summing to exactly 5, 10 or 15), a duel only
//     the defender (the cards shown, who won and what is stolen);
//   - runes placed: one step per colour and place, Count the most that may
//     be placed (any count from 1 up to it);
//   - the tie-break facts: the highest number card of each player asked
//     for, 0 standing for any card 0–13, or each player who may have won
//     rock-paper-scissors; with nothing to ask, the finish that confirms
//     the ranking.
//
// Every other step is one Apply accepts as it is: the interest (phase 1);
// boat shelters and bandits bought with runes, into each place and
// shelter that takes them (RUN-1, RUN-2); ransoms in runes, each split
// of 3 the player can pay; shelters played; each theft by a thief and
// each pair of thefts by a double theft; drawing back to 3. None once
// the game is over.
func (p Position) Moves() []Step {
	var out []Step
	try := func(s Step) {
		if _, err := p.Apply(s); err == nil {
			out = append(out, s)
		}
	}
	switch p.Phase {
	case PhaseOver:
		return nil
	case PhaseEnd:
		need := p.Needs()
		switch {
		case need.Duel:
			for _, name := range need.Players {
				out = append(out, Step{Do: DoFinish, RPSWinner: name})
			}
		case len(need.Players) > 0:
			cards := map[string]int{}
			for _, name := range need.Players {
				cards[name] = 0
			}
			out = append(out, Step{Do: DoFinish, HighestNumberCards: cards})
		default: // nothing to ask: the table confirms the ranking
			out = append(out, Step{Do: DoFinish})
		}
		return out
	case PhaseInterest:
		return []Step{{Do: DoInterest}}
	}
	me := p.Players[p.current]
	colours := []string{Red, Blue}
	pays := colours
	if me.Hand >= cardsFor(BoatOrBanditSum) {
		pays = []string{Red, Blue, PayCards}
	}
	for _, pay := range pays {
		for _, into := range []string{Red, Blue, Alone} {
			s := Step{Do: DoBuy, Item: ItemBoatShelter, Pay: pay, Into: into}
			if pay == PayCards {
				// Where it may go, tried on a copy of the player's table.
				seat := me
				seat.Shelters, seat.BoatShelters = slices.Clone(me.Shelters), slices.Clone(me.BoatShelters)
				if p.Market.BoatShelters > 0 && placeBoat(&seat, into, refuser{}) == nil {
					out = append(out, s)
				}
				continue
			}
			try(s)
		}
		for _, bt := range p.BanditTargets() {
			s := Step{Do: DoBuy, Item: ItemBandit, Pay: pay, Player: bt.Player, Shelter: bt.Shelter, Colour: bt.Colour}
			if pay == PayCards {
				if p.Market.Bandits > 0 {
					out = append(out, s)
				}
				continue
			}
			try(s)
		}
	}
	for _, sh := range me.Shelters {
		if sh.Bandit == "" {
			continue
		}
		for red := RansomRunes; red >= 0; red-- {
			try(Step{Do: DoRansom, Shelter: sh.Colour, Runes: &Runes{Red: red, Blue: RansomRunes - red}})
		}
		if me.Hand >= cardsFor(BoatOrBanditSum) {
			out = append(out, Step{Do: DoRansom, Shelter: sh.Colour, Pay: PayCards})
		}
	}
	for _, c := range colours {
		for _, into := range []string{"shelter", "boat_shelter"} {
			try(Step{Do: DoPlace, Colour: c, Into: into, Count: me.Runes.of(c)})
		}
	}
	if me.Hand > 0 {
		for _, c := range colours {
			if p.Market.Runes(c) > 0 {
				out = append(out, Step{Do: DoRune, Colour: c})
			}
		}
		for _, c := range colours {
			try(Step{Do: DoShelter, Colour: c})
		}
		thefts := p.thefts()
		for _, t := range thefts {
			try(Step{Do: DoThief, Steal: []Theft{t}})
		}
		for i, t := range thefts {
			for _, u := range thefts[i:] {
				try(Step{Do: DoDoubleTheft, Steal: []Theft{t, u}})
			}
		}
		for i, o := range p.Players {
			if i != p.current && !slices.Contains(p.Attacked, o.Name) {
				out = append(out, Step{Do: DoDuel, Player: o.Name})
			}
		}
	}
	try(Step{Do: DoDraw})
	return out
}

// cardsFor is how many number cards it takes at least to sum to sum
// (ruling CAM-1: at most 13 each).
func cardsFor(sum int) int { return (sum + MaxNumberCard - 1) / MaxNumberCard }

// thefts lists what the player to move could steal: a rune of each
// colour another player holds (frozen ones too), a hand card from each
// who holds one (rule text "Thief card").
func (p Position) thefts() []Theft {
	var out []Theft
	for i, o := range p.Players {
		if i == p.current {
			continue
		}
		for _, c := range []string{Red, Blue} {
			if Holding(o.Player, c) > 0 {
				out = append(out, Theft{From: o.Name, Take: TakeRune, Colour: c})
			}
		}
		if o.Hand > 0 {
			out = append(out, Theft{From: o.Name, Take: TakeHandCard})
		}
	}
	return out
}
