package kks

import (
	"maps"
	"slices"
	"strings"

	"tablemate/scoring"
)

// RowSize is how many cards are laid in the row at setup.
const RowSize = 7

// DeckSize is how many cards the deck holds after the row is laid (ruling
// KKS-3: 40 number cards − 7).
const DeckSize = 40 - RowSize

// Step is one turn of guided play: the row position taken (1-based; 1 is
// free) and the card turned up from the deck to refill the row, nil once
// the deck is empty.
type Step struct {
	Take   int
	Reveal *Card
}

// StepError is a step the rules refuse (scoring.StepError).
type StepError = scoring.StepError

// RowCard is one card in the row with the tokens lying on it.
type RowCard struct {
	Card   Card
	Tokens int
}

// Seat is one player in guided play: supply and display. Face-down cards
// keep their value, since guided play saw every card taken.
type Seat struct {
	Name    string
	Tokens  int
	Display map[Colour]Stack
}

// Position is a game in progress. It is a value: Apply returns a new one and
// leaves its receiver untouched, so a log replays into any position.
type Position struct {
	Players  []Seat    // in seat order; First starts
	Row      []RowCard // left to right; position 1 is the free card
	DeckLeft int       // cards still in the face-down deck
	Played   int       // turns played so far
	First    int       // the seat that took the first turn
	// SpecialCards are the special cards in play (ruling KKS-6), nil for
	// the base game: the turns are the base game's; the final score check
	// takes them.
	SpecialCards []int
	current      int // index in Players of the player to move
}

// atSetup is the step number of a refused setup.
const atSetup = 0

// Current is the index in Players of the player to move, -1 once the
// game is over.
func (p Position) Current() int {
	if p.Over() {
		return -1
	}
	return p.current
}

// Start lays the row (ruling KKS-3): 2–4 players with 7 tokens each, the 7
// given cards face up, 33 cards in the deck. A setup that cannot be played
// is a *StepError with Step 0 and code player_count, row_size or card_seen.
func Start(players []string, row []Card) (Position, error) {
	if n := len(players); n < 2 || n > 4 {
		return Position{}, scoring.Refusef(atSetup, "player_count", "KKS-3", "Koffer, Katze & Sombrero is played by 2 to 4 players, not %d", n)
	}
	if len(row) != RowSize {
		return Position{}, scoring.Refusef(atSetup, "row_size", "KKS-3", "the row starts with %d cards, not %d", RowSize, len(row))
	}
	p := Position{DeckLeft: DeckSize}
	for i, c := range row {
		if c.Value < 1 || c.Value > 10 || !slices.Contains(Colours(), c.Colour) {
			return Position{}, scoring.Refusef(atSetup, "card_value", "KKS-1", "row position %d: %s %d is not a number card", i+1, c.Colour.Word(), c.Value)
		}
		if slices.ContainsFunc(p.Row, func(r RowCard) bool { return r.Card == c }) {
			return Position{}, scoring.Refusef(atSetup, "card_seen", "KKS-1", "row position %d: the %s %d lies in the row already; each card exists once", i+1, c.Colour.Word(), c.Value)
		}
		p.Row = append(p.Row, RowCard{Card: c})
	}
	for _, name := range players {
		p.Players = append(p.Players, Seat{Name: name, Tokens: MaxTokens, Display: map[Colour]Stack{}})
	}
	return p, nil
}

// StartAt is Start with seat first taking the first turn (the table's
// chosen first player); turns then go round in seat order, and everyone
// still has the same number of turns (ruling KKS-3). A seat not at the
// table is a *StepError with Step 0 and code first_seat.
func StartAt(players []string, row []Card, first int) (Position, error) {
	p, err := Start(players, row)
	if err != nil {
		return p, err
	}
	if first < 0 || first >= len(players) {
		return Position{}, scoring.Refusef(atSetup, "first_seat", "KKS-3", "the first turn is for one of the %d players, not seat %d", len(players), first+1)
	}
	p.First, p.current = first, first
	return p, nil
}

// Turns is how many turns the whole game has (ruling KKS-3).
func (p Position) Turns() int { return len(p.Players) * TurnsPerPlayer(len(p.Players)) }

// Over reports that the last round is finished (ruling KKS-3).
func (p Position) Over() bool { return p.Played >= p.Turns() }

// LastRound reports that the deck is empty and the remaining turns finish
// the round, so everyone has had the same number of turns (ruling KKS-3).
func (p Position) LastRound() bool { return p.DeckLeft == 0 && !p.Over() }

// Turn is the number of the turn being played (1-based), or of the last
// turn once the game is over.
func (p Position) Turn() int {
	if p.Over() {
		return p.Played
	}
	return p.Played + 1
}

// ToMove is the name of the player to move, "" once the game is over.
func (p Position) ToMove() string {
	if p.Over() || len(p.Players) == 0 {
		return ""
	}
	return p.Players[p.current].Name
}

// TakePreview explains a take before it is made: what it costs and gains
// and where the card goes.
type TakePreview struct {
	Take     int
	Card     Card
	Cost     int  // tokens placed on the skipped cards, one each
	Gain     int  // tokens lying on the taken card, taken with it
	FaceDown bool // the card goes face down in the display (−1 point)
	// Reason says why it goes face up or face down, naming the topmost
	// card (ruling KKS-2).
	Reason scoring.Phrase
	// Line is Reason in one short line for a phone, from the player's
	// side: "face down, −1: lower than your black 8" (ruling KKS-2).
	Line scoring.Phrase
}

// Preview explains taking row position take (1-based) for the player to
// move, or returns the StepError the take would cause. The reveal is not
// known yet, so reveal codes (card_seen, reveal_*) are not among them.
func (p Position) Preview(take int) (TakePreview, *StepError) {
	if err := p.takeError(take); err != nil {
		return TakePreview{Take: take}, err
	}
	pv := TakePreview{Take: take, Card: p.Row[take-1].Card, Cost: take - 1, Gain: p.Row[take-1].Tokens}
	st := p.Players[p.current].Display[pv.Card.Colour]
	pv.FaceDown, pv.Reason = placement(st, pv.Card)
	pv.Line = placementLine(st, pv.Card)
	return pv, nil
}

// placement says whether c goes face down on stack st and why (ruling
// KKS-2).
func placement(st Stack, c Card) (faceDown bool, why scoring.Phrase) {
	col := c.Colour.Word()
	if len(st) == 0 {
		return false, scoring.Phrasef("the %s %d starts the %s stack face up", col, c.Value, col)
	}
	top := st[len(st)-1]
	switch {
	case top.FaceDown:
		return false, scoring.Phrasef("the %s %d goes face up: the topmost %s card is face down, and any value may lie on it", col, c.Value, col)
	case c.Value > top.Value:
		return false, scoring.Phrasef("the %s %d goes face up: it is higher than the topmost %s %d", col, c.Value, col, top.Value)
	}
	return true, scoring.Phrasef("the %s %d goes face down (−1 point): it is lower than the topmost %s %d", col, c.Value, col, top.Value)
}

// placementLine is placement's answer in one short line (ruling KKS-2).
func placementLine(st Stack, c Card) scoring.Phrase {
	col := c.Colour.Word()
	if len(st) == 0 {
		return scoring.Phrasef("face up: starts your %s stack", col)
	}
	top := st[len(st)-1]
	switch {
	case top.FaceDown:
		return scoring.Phrasef("face up: on your face-down %s card", col)
	case c.Value > top.Value:
		return scoring.Phrasef("face up: higher than your %s %d", col, top.Value)
	}
	return scoring.Phrasef("face down, −1: lower than your %s %d", col, top.Value)
}

// takeError checks a take without its reveal.
func (p Position) takeError(take int) *StepError {
	step := p.Played + 1
	if p.Over() {
		return scoring.Refusef(step, "after_game_end", "KKS-3", "the game is over after %d turns (%d each); no more cards are taken", p.Played, TurnsPerPlayer(len(p.Players)))
	}
	seat := scoring.Name(p.Players[p.current].Name)
	if take < 1 || take > len(p.Row) {
		return scoring.Refusef(step, "no_such_position", "KKS-3", "%s cannot take position %d: the row holds positions 1 to %d", seat, take, len(p.Row))
	}
	if tokens := p.Players[p.current].Tokens; take-1 > tokens {
		if tokens == 0 {
			return scoring.Refusef(step, "cannot_pay", "KKS-4", "%s has no tokens left and must take the first card (position 1), not position %d", seat, take)
		}
		if tokens == 1 {
			return scoring.Refusef(step, "cannot_pay", "KKS-4", "%s has 1 token but taking position %d skips %d cards, one token on each", seat, take, take-1)
		}
		return scoring.Refusef(step, "cannot_pay", "KKS-4", "%s has %d tokens but taking position %d skips %d cards, one token on each", seat, tokens, take, take-1)
	}
	return nil
}

// Apply plays one turn: take a card (paying a token on each skipped card and
// taking the tokens on it), place it in the display (ruling KKS-2) and
// refill the row from the deck. The receiver is left unchanged.
func (p Position) Apply(s Step) (Position, *StepError) {
	if err := p.takeError(s.Take); err != nil {
		return p, err
	}
	step := p.Played + 1
	switch {
	case p.DeckLeft > 0 && s.Reveal == nil:
		return p, scoring.Refusef(step, "reveal_missing", "KKS-3", "the deck still holds %s: name the card turned up to refill the row", scoring.Count(p.DeckLeft, "1 card", "%d cards"))
	case p.DeckLeft == 0 && s.Reveal != nil:
		return p, scoring.Refusef(step, "reveal_after_empty_deck", "KKS-3", "the deck is empty, so no %s %d can be turned up; the row is not refilled in the last round", s.Reveal.Colour.Word(), s.Reveal.Value)
	case s.Reveal != nil:
		c := *s.Reveal
		if pos, owner := p.whereIs(c); pos > 0 {
			return p, scoring.Refusef(step, "card_seen", "KKS-1", "the %s %d cannot come from the deck: it is in the row at position %d already; each card exists once", c.Colour.Word(), c.Value, pos)
		} else if owner != "" {
			return p, scoring.Refusef(step, "card_seen", "KKS-1", "the %s %d cannot come from the deck: it is in %s's display already; each card exists once", c.Colour.Word(), c.Value, scoring.Name(owner))
		}
		if c.Value < 1 || c.Value > 10 || !slices.Contains(Colours(), c.Colour) {
			return p, scoring.Refusef(step, "card_value", "KKS-1", "%s %d is not a number card", c.Colour.Word(), c.Value)
		}
	}
	next := p.clone()
	seat := &next.Players[next.current]
	if seat.Display == nil {
		seat.Display = map[Colour]Stack{}
	}
	for i := range s.Take - 1 {
		next.Row[i].Tokens++
	}
	seat.Tokens -= s.Take - 1
	taken := next.Row[s.Take-1]
	seat.Tokens += taken.Tokens
	down, _ := placement(seat.Display[taken.Card.Colour], taken.Card)
	seat.Display[taken.Card.Colour] = append(seat.Display[taken.Card.Colour], StackCard{Value: taken.Card.Value, FaceDown: down})
	next.Row = slices.Delete(next.Row, s.Take-1, s.Take)
	if s.Reveal != nil {
		next.Row = append(next.Row, RowCard{Card: *s.Reveal})
		next.DeckLeft--
	}
	next.Played++
	next.current = (next.First + next.Played) % len(next.Players)
	return next, nil
}

// Moves lists every turn the rules allow now (rulings KKS-3, KKS-4):
// each row position the player to move can pay for, with each card the
// deck may turn up to refill the row — any card not yet seen at the table
// (Unseen) — or, once the deck is empty, with no reveal. None once the
// game is over. Every step it lists is one Apply accepts.
func (p Position) Moves() []Step {
	if p.Over() {
		return nil
	}
	var unseen []Card
	if p.DeckLeft > 0 {
		unseen = p.Unseen()
	}
	var out []Step
	for take := 1; take <= len(p.Row); take++ {
		if p.takeError(take) != nil {
			continue
		}
		if p.DeckLeft == 0 {
			out = append(out, Step{Take: take})
			continue
		}
		for _, c := range unseen {
			out = append(out, Step{Take: take, Reveal: &c})
		}
	}
	return out
}

// Unseen lists the number cards not seen at the table (ruling KKS-1):
// neither in the row nor in a display. The deck holds some of them.
func (p Position) Unseen() []Card {
	var out []Card
	for _, col := range Colours() {
		for v := 1; v <= 10; v++ {
			if pos, owner := p.whereIs(Card{Colour: col, Value: v}); pos == 0 && owner == "" {
				out = append(out, Card{Colour: col, Value: v})
			}
		}
	}
	return out
}

// whereIs says where a card lies at the table: its row position (1-based),
// or the name of the player whose display holds it; 0 and "" if it is
// unseen.
func (p Position) whereIs(c Card) (pos int, owner string) {
	for i, r := range p.Row {
		if r.Card == c {
			return i + 1, ""
		}
	}
	for _, s := range p.Players {
		for _, sc := range s.Display[c.Colour] {
			if sc.Value == c.Value {
				return 0, s.Name
			}
		}
	}
	return 0, ""
}

func (p Position) clone() Position {
	next := p
	next.Row = slices.Clone(p.Row)
	next.Players = slices.Clone(p.Players)
	for i, s := range next.Players {
		d := maps.Clone(s.Display)
		for c, st := range d {
			d[c] = slices.Clone(st)
		}
		next.Players[i].Display = d
	}
	return next
}

// Final is the position as a /score State, so Score can check and score it.
func (p Position) Final() State {
	s := State{SpecialCards: slices.Clone(p.SpecialCards)}
	for _, seat := range p.clone().Players {
		s.Players = append(s.Players, Player{Name: strings.TrimSpace(seat.Name), Tokens: seat.Tokens, Display: seat.Display})
	}
	return s
}
