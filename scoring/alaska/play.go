package alaska

import (
	"errors"
	"slices"
	"strings"

	"tablemate/scoring"
)

// StepError is a step the rules refuse (scoring.StepError).
type StepError = scoring.StepError

// TurnEnded is the event of a turn's end (the draw).
const TurnEnded Kind = "turn_ended"

// HandSize is how many cards a player holds after drawing back (rule text
// "Game Setup": four hand cards; "Sequence of a turn" IV).
const HandSize = 4

// Phase is where the player to move is in their turn (rule text "Sequence
// of a turn", I to IV, in this order).
type Phase string

// The phases of a turn. PhaseSitOut is a turn sat out after hooking a
// tourist; PhaseOver is the end of the game.
const (
	PhaseSalmon Phase = "salmon" // I: salmon cards fall into the river
	PhaseFlow   Phase = "flow"   // II: flow cards move the salmon
	PhasePlay   Phase = "play"   // III: casts, anglers, eagle, bear
	PhaseSitOut Phase = "sit_out"
	PhaseOver   Phase = "over"
)

// Action is what a step does.
type Action string

// The steps of guided play (docs/api-alaska-play.md).
const (
	DoSalmon  Action = "salmon"   // I: one salmon card placed by the player on the right
	DoFlow    Action = "flow"     // II: flow cards played
	DoCast    Action = "cast"     // III: one number card or two
	DoAngler  Action = "angler"   // III: a tourist or local placed
	DoEagle   Action = "eagle"    // III: catch a salmon or chase an angler
	DoBear    Action = "bear"     // III: all anglers leave
	DoBearEat Action = "bear_eat" // out of turn, right after a catch
	DoEnd     Action = "end"      // IV: draw back to four, next player
)

// Actions lists every action a step may name.
var Actions = []Action{DoSalmon, DoFlow, DoCast, DoAngler, DoEagle, DoBear, DoBearEat, DoEnd}

// Step is one move of guided play. Do says which; the other fields are
// its details.
type Step struct {
	Do Action `json:"do"`
	// At is the lower section of a placed salmon: it lies on At and At+1.
	At int `json:"at,omitempty"`
	// Count is how many flow cards are played at once (0 means 1).
	Count int `json:"count,omitempty"`
	// Cards are the number cards of a cast (one, or two summed).
	Cards []int `json:"cards,omitempty"`
	// Angler is the angler placed (tourist or local).
	Angler Angler `json:"angler,omitempty"`
	// Section: where an angler is placed, or whose angler an eagle chases.
	Section int `json:"section,omitempty"`
	// Salmon is the salmon an eagle takes, by its lower section.
	Salmon int `json:"salmon,omitempty"`
	// Player is who throws the bear out of turn (bear_eat).
	Player string `json:"player,omitempty"`
	// Roll is the die's verdict for a cast into a section holding an
	// angler and a salmon, with the Cambio dice variation: "salmon" (the
	// salmon rune, or a 1 on a d6) catches the salmon; "angler" hooks it.
	Roll string `json:"roll,omitempty"`
}

// Equal reports whether s and o are the same move: a flow of 0 cards is a
// flow of 1 (Count's zero value), every other field is compared as is.
func (s Step) Equal(o Step) bool {
	flows := func(x Step) int {
		if x.Do == DoFlow && x.Count == 0 {
			return 1
		}
		return x.Count
	}
	return s.Do == o.Do && s.At == o.At && flows(s) == flows(o) && slices.Equal(s.Cards, o.Cards) && s.Angler == o.Angler &&
		s.Section == o.Section && s.Salmon == o.Salmon && s.Player == o.Player && s.Roll == o.Roll
}

// The die's verdicts (rule text "Cambio Dice Variation").
const (
	RollSalmon = "salmon"
	RollAngler = "angler"
)

// Seat is one player's public side: salmon caught and cards in hand.
type Seat struct {
	Name   string
	Salmon int // salmon cards caught, face up beside the player
	Hand   int // cards in hand; what each holds stays secret
	// SitsOut: hooked a tourist and sits out the next turn.
	SitsOut bool
}

// Position is a game of Alaska in progress. It is a value: Apply returns a
// new one and leaves its receiver untouched, so a log replays into any
// position.
type Position struct {
	Players []Seat
	River   River
	// PlacedBy[s-1] names who placed the angler on section s.
	PlacedBy [Sections]string
	DrawPile int
	Phase    Phase
	// Turn counts turns from 1; Steps counts the steps applied.
	Turn, Steps int
	// LastRound is true once the draw pile is empty: every player has one
	// more turn (rule text "End of game"); TurnsLeft counts those turns
	// still to play, the current one included.
	LastRound bool
	TurnsLeft int
	// Events are this turn's moves, in order, as told to the table;
	// Before are the previous turn's.
	Events, Before []Event
	// Hit is the section the last cast of this turn hit (0 = none).
	Hit int
	// Dice is the Cambio dice variation: a cast into a section with an
	// angler and a salmon rolls the die.
	Dice bool
	// Options are the table's: how anglers catch (ruling ALA-2).
	Options Options
	// eatable is true right after the player to move caught a salmon: a
	// bear may eat it now and only now.
	eatable bool
	current int
}

// Current is the index in Players of the player to move, -1 once the
// game is over.
func (p Position) Current() int {
	if p.Over() || len(p.Players) == 0 {
		return -1
	}
	return p.current
}

// Over reports that every player has had their final turn.
func (p Position) Over() bool { return p.Phase == PhaseOver }

// ToMove is the name of the player to move, "" once the game is over.
func (p Position) ToMove() string {
	if p.Over() || len(p.Players) == 0 {
		return ""
	}
	return p.Players[p.current].Name
}

// Right is the index of the player to the right of the player to move:
// the turn passes to the left, so that is the one who played before
// (seats are listed in turn order). They place the falling salmon.
func (p Position) Right() int {
	n := len(p.Players)
	return (p.current + n - 1) % n
}

// DrawPile is the draw pile after dealing to this many players: the
// 76-card deck without the 10 river cards and 4 hand cards each (ruling
// CAM-1).
func DrawPile(players int) int { return DeckSize - RiverCards - HandSize*players }

// Draws is how many cards the player to move draws when ending the turn:
// back to 4 while the pile lasts (rule text "Sequence of a turn", IV).
func (p Position) Draws() int {
	if p.Current() < 0 {
		return 0
	}
	return max(0, min(HandSize-p.Players[p.current].Hand, p.DrawPile))
}

// Moves lists every step the rules allow now, in full — a few hundred at
// most, each one Apply accepts: a salmon laid across each pair of
// sections (phase I), 1 to the whole hand of flow cards at once (phase
// II), a cast of each number card and each two of them, the two in
// either order listed once, smaller first (with the die's verdict where
// the dice variation rolls, ruling ALA-3 for open water), a tourist or a
// local on each section, the eagle on each salmon and each angler or on
// an empty river, the bear (phase III), a bear thrown by each other
// player right after a catch, and the end of the turn. None once the game
// is over.
func (p Position) Moves() []Step {
	if p.Over() || len(p.Players) == 0 {
		return nil
	}
	var out []Step
	try := func(s Step) {
		if _, err := p.Apply(s); err == nil {
			out = append(out, s)
		}
	}
	for at := 1; at <= Sections; at++ {
		try(Step{Do: DoSalmon, At: at})
	}
	for k := 1; k <= p.Players[p.current].Hand; k++ {
		try(Step{Do: DoFlow, Count: k})
	}
	for _, roll := range []string{"", RollSalmon, RollAngler} {
		for a := 0; a <= MaxCard; a++ {
			try(Step{Do: DoCast, Cards: []int{a}, Roll: roll})
			for b := a; b <= MaxCard; b++ {
				try(Step{Do: DoCast, Cards: []int{a, b}, Roll: roll})
			}
		}
	}
	for s := 1; s <= Sections; s++ {
		try(Step{Do: DoAngler, Angler: Tourist, Section: s})
		try(Step{Do: DoAngler, Angler: Local, Section: s})
	}
	for n := 1; n <= Sections; n++ {
		try(Step{Do: DoEagle, Salmon: n})
	}
	for s := 1; s <= Sections; s++ {
		try(Step{Do: DoEagle, Section: s})
	}
	try(Step{Do: DoEagle})
	try(Step{Do: DoBear})
	for _, o := range p.Players {
		try(Step{Do: DoBearEat, Player: o.Name})
	}
	try(Step{Do: DoEnd})
	return out
}

// Eatable reports that the player to move has just caught a salmon, so
// another player may throw a bear to eat it (rule text "Bear").
func (p Position) Eatable() bool { return p.eatable }

// Start sets up a game: 2–4 players (ruling ALA-1), four hand cards each,
// the draw pile (s.DrawPile; nil = the 76-card deck without the 10 river
// cards and the hands, ruling CAM-1), the oldest player, who starts
// (s.First; "" = the first seat), whether the Cambio dice variation is
// played and the table's options (ruling ALA-2's reading). A setup that
// cannot be played is a *StepError with Step 0.
func Start(players []string, s Setup) (Position, error) {
	r := refuser{} // step 0: the setup
	first, drawPile, dice := s.First, s.DrawPile, s.Dice
	n := len(players)
	if n < MinPlayers || n > MaxPlayers {
		return Position{}, r.refuse("player_count", "ALA-1", "Alaska is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	most := DrawPile(n)
	pile := most
	if drawPile != nil {
		pile = *drawPile
	}
	if pile < 0 || pile > most {
		return Position{}, r.refuse("draw_pile", "CAM-1", "the draw pile holds 0 to %d cards with %d players (76 cards − 10 river cards − %d dealt), not %d", most, n, HandSize*n, pile)
	}
	p := Position{DrawPile: pile, Phase: PhaseSalmon, Turn: 1, Dice: dice, Options: s.Options}
	for _, name := range players {
		p.Players = append(p.Players, Seat{Name: name, Hand: HandSize})
	}
	if first != "" {
		i, ok := p.find(first)
		if !ok {
			return Position{}, r.refuse("unknown_player", "ALA-1", "%q is not at the table: name the oldest player, who starts", scoring.Name(first))
		}
		p.current = i
	}
	if pile == 0 {
		p.LastRound, p.TurnsLeft = true, n
	}
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

// refuser builds the StepErrors of one step (0 = the setup).
type refuser struct{ step int }

// refuse is the step's refusal under rule; its format is the message id
// a page translates (scoring.Refusef).
func (r refuser) refuse(code, rule, format string, args ...any) *StepError {
	return scoring.Refusef(r.step, code, rule, format, args...)
}

// move turns a river MoveError into the step's refusal, keeping its
// ruling and its phrase.
func (r refuser) move(err error) *StepError {
	var me *MoveError
	if !errors.As(err, &me) {
		return r.refuse("not_possible", "ALA-1", "%s", scoring.ErrorText(err))
	}
	return scoring.Refuse(r.step, me.Code, me.Rule, me.Phrase)
}

// Apply plays one step and returns the new position; the receiver is left
// unchanged. A step the rules refuse is a *StepError naming the rule.
func (p Position) Apply(s Step) (Position, *StepError) {
	n := p.clone()
	n.Steps++
	r := refuser{step: n.Steps}
	if p.Over() {
		return p, r.refuse("after_game_end", "ALA-1", "the game is over: every player has had their final turn after the draw pile ran out")
	}
	if p.Phase == PhaseSitOut && s.Do != DoEnd {
		return p, r.refuse("sitting_out", "ALA-1", "%s hooked a tourist and sits out this turn: no cards are played; end the turn to draw back to %d", scoring.Name(p.ToMove()), HandSize)
	}
	n.eatable = false // a bear eats only right after the catch
	var err *StepError
	switch s.Do {
	case DoSalmon:
		err = n.salmon(s, r)
	case DoFlow:
		err = n.flow(s, r)
	case DoCast:
		err = n.cast(s, r)
	case DoAngler:
		err = n.angler(s, r)
	case DoEagle:
		err = n.eagle(s, r)
	case DoBear:
		err = n.bear(r)
	case DoBearEat:
		err = n.bearEat(p, s, r)
	case DoEnd:
		err = n.end(r)
	default:
		err = r.refuse("unknown_action", "ALA-1", "%q is not a move of Alaska", string(s.Do))
	}
	if err != nil {
		return p, err
	}
	return n, nil
}

func (p *Position) seat() *Seat { return &p.Players[p.current] }

// play takes k cards from the mover's hand; what names them for the
// refusal ("a salmon card", a catalog key too, or a phrase such as "%d
// flow cards").
func (p *Position) play(k int, what scoring.Phrase, r refuser) *StepError {
	s := p.seat()
	switch {
	case s.Hand >= k:
		s.Hand -= k
		return nil
	case s.Hand == 1:
		return r.refuse("no_cards", "ALA-1", "%s has 1 card in hand, so cannot play %s", scoring.Name(s.Name), what)
	}
	return r.refuse("no_cards", "ALA-1", "%s has %d cards in hand, so cannot play %s", scoring.Name(s.Name), s.Hand, what)
}

// salmon is phase I: a salmon card falls out of the mover's hand and the
// player on the right lays it across two sections of their choosing.
func (p *Position) salmon(s Step, r refuser) *StepError {
	if p.Phase != PhaseSalmon {
		return r.refuse("phase_order", "ALA-1", "salmon cards fall into the river first, before any flow card or cast (rule text: Sequence of a turn, I)")
	}
	if err := p.play(1, scoring.Phrasef("a salmon card"), r); err != nil {
		return err
	}
	river, e, err := PlaceSalmon(p.River, s.At, p.Options)
	if err != nil {
		return r.move(err)
	}
	e.tellFirst("%s places %s's salmon.", scoring.Name(p.Players[p.Right()].Name), scoring.Name(p.ToMove()))
	p.River = river
	p.record(e)
	return nil
}

// flow is phase II: every flow card moves all salmon one section
// downstream; anglers catch the salmon that swim past (rulings ALA-1,
// ALA-2).
func (p *Position) flow(s Step, r refuser) *StepError {
	if p.Phase == PhasePlay {
		return r.refuse("phase_order", "ALA-1", "flow cards are played right after the salmon fall in, before any cast, angler or wild card (rule text: Sequence of a turn, II)")
	}
	k := s.Count
	if k == 0 {
		k = 1
	}
	if k < 0 {
		return r.refuse("flow_count", "ALA-1", "%d flow cards cannot be played", k)
	}
	if err := p.play(k, scoring.Count(k, "1 flow card", "%d flow cards"), r); err != nil {
		return err
	}
	p.Phase = PhaseFlow
	river, e := Flow(p.River, k, p.Options)
	// Anglers that leave with a salmon (tourists) leave their placer too.
	for i := range river.Anglers {
		if river.Anglers[i] == NoAngler {
			p.PlacedBy[i] = ""
		}
	}
	p.River = river
	p.record(e)
	return nil
}

// cast is phase III: one number card or two summed hit a section (ruling
// ALA-1); Cast says what is caught or hooked. Any value can be cast: one
// naming no section lands in open water (ruling ALA-3).
func (p *Position) cast(s Step, r refuser) *StepError {
	p.Phase = PhasePlay
	sec, err := CastSection(s.Cards...)
	if err != nil {
		return r.move(err)
	}
	what := scoring.Phrasef("a cast of 1 card")
	if len(s.Cards) == 2 {
		what = scoring.Phrasef("a cast of 2 cards")
	}
	if err := p.play(len(s.Cards), what, r); err != nil {
		return err
	}
	me := p.seat()
	angler := p.River.AnglerOn(sec)
	both := angler != NoAngler && len(p.River.SalmonOn(sec)) > 0
	switch {
	case p.Dice && both && s.Roll != RollSalmon && s.Roll != RollAngler && angler == Tourist:
		return r.refuse("roll_missing", "ALA-1", "section %d holds a tourist and a salmon: roll the die (rule text: Cambio Dice Variation) and say whether it shows the salmon", sec)
	case p.Dice && both && s.Roll != RollSalmon && s.Roll != RollAngler:
		return r.refuse("roll_missing", "ALA-1", "section %d holds a local and a salmon: roll the die (rule text: Cambio Dice Variation) and say whether it shows the salmon", sec)
	case s.Roll != "" && InOpenWater(sec):
		return r.refuse("roll_not_needed", "ALA-1", "the die is rolled only with the dice variation, for a cast into a section holding an angler and a salmon; a cast of %d lands in open water", sec)
	case s.Roll != "" && !(p.Dice && both):
		return r.refuse("roll_not_needed", "ALA-1", "the die is rolled only with the dice variation, for a cast into a section holding an angler and a salmon; section %d does not", sec)
	}
	river, e, err := Cast(p.River, sec, me.Salmon, me.Name)
	if err != nil {
		return r.move(err)
	}
	if s.Roll == RollSalmon {
		// The salmon rune: the salmon is caught and the angler stays.
		river = p.River
		n := river.SalmonOn(sec)[0]
		river.Salmon[n-1]--
		e = Event{Kind: Caught, Section: sec, Salmon: n, Gained: 1}
		lo, hi := Covers(n)
		if angler == Tourist {
			e.tell("The die shows the salmon: you catch the salmon on %d–%d; the tourist stays.", lo, hi)
		} else {
			e.tell("The die shows the salmon: you catch the salmon on %d–%d; the local stays.", lo, hi)
		}
	} else if s.Roll == RollAngler {
		e.tellFirst("The die shows no salmon.")
	}
	if e.Kind == HookedTourist || (e.Kind == HookedLocal && e.Gained < 0) {
		p.PlacedBy[sec-1] = ""
	}
	p.River = river
	me.Salmon += e.Gained
	switch {
	case InOpenWater(sec) && len(s.Cards) == 2:
		e.tellFirst("%s casts %d + %d.", scoring.Name(me.Name), s.Cards[0], s.Cards[1])
	case InOpenWater(sec):
		e.tellFirst("%s casts %d.", scoring.Name(me.Name), s.Cards[0])
	case len(s.Cards) == 2:
		p.Hit = sec
		e.tellFirst("%s casts %d + %d into section %d.", scoring.Name(me.Name), s.Cards[0], s.Cards[1], sec)
	default:
		p.Hit = sec
		e.tellFirst("%s casts %d into section %d.", scoring.Name(me.Name), s.Cards[0], sec)
	}
	p.record(e)
	switch {
	case e.Kind == Caught:
		p.eatable = true
	case e.LoseHand:
		// Rule text "Tourist": the rest of the hand is lost at once, so
		// the turn is over; the caster draws back only after sitting out
		// the next turn.
		me.Hand, me.SitsOut = 0, true
		p.next()
	}
	return nil
}

// angler is phase III: a tourist or local goes on a section; a tourist on
// a local chases it off (rule text "Chasing anglers away", I).
func (p *Position) angler(s Step, r refuser) *StepError {
	p.Phase = PhasePlay
	river, e, err := PlaceAngler(p.River, s.Section, s.Angler, p.Options)
	if err != nil {
		return r.move(err)
	}
	if err := p.play(1, scoring.Phrasef("an angler card"), r); err != nil {
		return err
	}
	p.River = river
	if e.Kind == AnglerPlaced {
		p.PlacedBy[s.Section-1] = p.ToMove()
		if s.Angler == Tourist {
			e.retell("%s places a tourist on section %d.", scoring.Name(p.ToMove()), s.Section)
		} else {
			e.retell("%s places a local on section %d.", scoring.Name(p.ToMove()), s.Section)
		}
	} else {
		p.PlacedBy[s.Section-1] = ""
	}
	p.record(e)
	return nil
}

// eagle is phase III: the eagle takes any one salmon for the mover or
// chases any one angler away (rule text "Eagle"). With nothing in the
// river it flies off and is discarded.
func (p *Position) eagle(s Step, r refuser) *StepError {
	p.Phase = PhasePlay
	var (
		river River
		e     Event
		err   error
	)
	switch {
	case s.Salmon != 0 && s.Section != 0:
		return r.refuse("eagle_target", "ALA-1", "the eagle either takes a salmon or chases an angler, not both")
	case s.Salmon != 0:
		river, e, err = EagleCatch(p.River, s.Salmon, p.seat().Name)
	case s.Section != 0:
		river, e, err = EagleChase(p.River, s.Section)
	case p.River != River{}:
		return r.refuse("eagle_target", "ALA-1", "name the salmon the eagle takes or the section of the angler it chases away")
	default:
		river, e = p.River, Event{Kind: EagleChased}
		e.tell("The eagle finds no salmon and no angler on the river; it goes to the discard pile.")
	}
	if err != nil {
		return r.move(err)
	}
	if err := p.play(1, scoring.Phrasef("an eagle"), r); err != nil {
		return err
	}
	if e.Kind == EagleChased && s.Section != 0 {
		p.PlacedBy[s.Section-1] = ""
	}
	p.River = river
	me := p.seat()
	me.Salmon += e.Gained
	e.tellFirst("%s plays the eagle.", scoring.Name(me.Name))
	p.record(e)
	p.eatable = e.Kind == EagleCaught
	return nil
}

// bear is phase III: every angler leaves the river (rule text "Bear").
func (p *Position) bear(r refuser) *StepError {
	p.Phase = PhasePlay
	if err := p.play(1, scoring.Phrasef("a bear"), r); err != nil {
		return err
	}
	river, e := BearClear(p.River)
	p.River, p.PlacedBy = river, [Sections]string{}
	e.tellFirst("%s plays the bear.", scoring.Name(p.ToMove()))
	p.record(e)
	return nil
}

// bearEat is another player's bear thrown right after the mover caught a
// salmon: it is eaten, nobody gets it (rule text "Bear").
func (p *Position) bearEat(before Position, s Step, r refuser) *StepError {
	i, ok := p.find(s.Player)
	switch {
	case !ok:
		return r.refuse("unknown_player", "ALA-1", "%q is not at the table: name who throws the bear", scoring.Name(s.Player))
	case i == p.current:
		return r.refuse("own_catch", "ALA-1", "%s cannot eat their own salmon: a bear is thrown out of turn, after another player's catch", scoring.Name(p.ToMove()))
	case !before.eatable:
		return r.refuse("nothing_to_eat", "ALA-1", "a bear is thrown immediately after %s catches a salmon (by a cast or the eagle), and only then", scoring.Name(p.ToMove()))
	}
	if p.Players[i].Hand < 1 {
		return r.refuse("no_cards", "ALA-1", "%s has no card in hand, so no bear to throw", scoring.Name(p.Players[i].Name))
	}
	last := before.Events[len(before.Events)-1]
	_, e, err := BearEat(p.River, last)
	if err != nil {
		return r.move(err)
	}
	p.Players[i].Hand--
	p.seat().Salmon += e.Gained
	e.tellFirst("%s throws a bear at %s's catch.", scoring.Name(p.Players[i].Name), scoring.Name(p.ToMove()))
	p.record(e)
	return nil
}

// end is phase IV: at most one card is kept (none in the final turn), the
// hand is drawn back to four while the pile lasts, and the next player
// moves (rule text "Sequence of a turn", IV; "End of game").
func (p *Position) end(r refuser) *StepError {
	me := p.seat()
	switch {
	case p.Phase == PhaseSitOut:
		me.SitsOut = false
	case p.LastRound && me.Hand == 1:
		return r.refuse("final_turn_cards", "ALA-1", "this is %s's final turn: all 1 card left in hand must be played (rule text: End of game)", scoring.Name(me.Name))
	case p.LastRound && me.Hand > 0:
		return r.refuse("final_turn_cards", "ALA-1", "this is %s's final turn: all %d cards left in hand must be played (rule text: End of game)", scoring.Name(me.Name), me.Hand)
	case me.Hand > 1:
		return r.refuse("keep_too_many", "ALA-1", "%s holds %d cards: play all but at most 1 card before drawing (rule text: Sequence of a turn, III)", scoring.Name(me.Name), me.Hand)
	}
	d := p.Draws()
	me.Hand += d
	p.DrawPile -= d
	e := Event{Kind: TurnEnded}
	switch d {
	case 0:
		e.tell("%s ends the turn.", scoring.Name(me.Name))
	case 1:
		e.tell("%s draws 1 card.", scoring.Name(me.Name))
	default:
		e.tell("%s draws %d cards.", scoring.Name(me.Name), d)
	}
	p.record(e)
	p.next()
	return nil
}

// next passes the turn to the left, counting the final round (rule text
// "End of game": once the pile is empty, each player has one more turn).
func (p *Position) next() {
	if p.LastRound {
		p.TurnsLeft--
	} else if p.DrawPile == 0 {
		p.LastRound, p.TurnsLeft = true, len(p.Players)
	}
	if p.LastRound && p.TurnsLeft == 0 {
		p.Phase = PhaseOver
		return
	}
	p.current = (p.current + 1) % len(p.Players)
	p.Turn++
	p.Before, p.Events, p.Hit, p.eatable = p.Events, nil, 0, false
	p.Phase = PhaseSalmon
	if p.seat().SitsOut {
		p.Phase = PhaseSitOut
	}
}

func (p *Position) record(e Event) { p.Events = append(p.Events, e) }

func (p Position) clone() Position {
	n := p
	n.Players = slices.Clone(p.Players)
	n.Events = slices.Clone(p.Events)
	n.Before = slices.Clone(p.Before)
	return n
}

// FinalPlayer is one player of the final score request.
type FinalPlayer struct {
	Name   string `json:"name"`
	Salmon int    `json:"salmon"`
}

// Final is the position as a score-check request: salmon caught per player.
func (p Position) Final() []FinalPlayer {
	out := []FinalPlayer{}
	for _, s := range p.Players {
		out = append(out, FinalPlayer{Name: strings.TrimSpace(s.Name), Salmon: s.Salmon})
	}
	return out
}

// State is the position as the score engine's state: the salmon caught
// and the options the game was played with.
func (p Position) State() State {
	s := State{Players: []Player{}, Options: p.Options}
	for _, f := range p.Final() {
		s.Players = append(s.Players, Player(f))
	}
	return s
}

// What the river tells and refuses: the sentences of its moves' events
// (Event.Lines) and the formats of its MoveErrors, used in river.go,
// cast.go and wild.go. They are message ids: the play page says each in
// the reader's language by its English format, so they are kept here with
// the engine's other refusals, where the catalog's tests read them.
const (
	tellSalmonFalls     = "A salmon falls into the river on %d–%d."
	tellSalmonOnTourist = "It lies in the tourist's section %d: a cast into %d hooks the tourist, and the next flow carries the salmon past it into the tourist's catch."
	tellSalmonOnLocal   = "It lies in the local's section %d: a cast into %d hooks the local, and the next flow carries the salmon past it into the local's catch."
	// Ruling ALA-2 (swim past): a salmon lies beside an angler until a
	// flow carries it off the angler's section.
	tellSalmonBesideTourist = "It lies beside the tourist in section %d: a cast into %d hooks the tourist, and the flow that carries the salmon off section %d gives it to the tourist."
	tellSalmonBesideLocal   = "It lies beside the local in section %d: a cast into %d hooks the local, and the flow that carries the salmon off section %d gives it to the local."
	tellBesideTourist       = "The salmon on %d–%d lies beside the tourist in section %d; the flow that carries it off section %d gives it to the tourist."
	tellBesideLocal         = "The salmon on %d–%d lies beside the local in section %d; the flow that carries it off section %d gives it to the local."
	tellAnglerBySalmon      = "A salmon lies in section %d: it stays beside the angler until a flow carries it off section %d, into the angler's catch."
	tellAnglerBySalmonNext  = "A salmon lies in section %d: the next flow carries it past the angler, into the angler's catch."
	// Ruling ALA-3: a cast naming no section.
	tellOpenWater          = "The cast of %d lands in open water (the river sections are numbered 1 to %d): it catches and hooks nothing, and the cards go to the discard pile."
	tellTouristFishes      = "A tourist now fishes in section %d."
	tellLocalFishes        = "A local now fishes in section %d."
	tellTouristChasesLocal = "The tourist chases the local off section %d: both go to the discard pile."
	tellNoFlow             = "No flow card: the river stands still."
	tellNothingFlows       = "No salmon in the river: the flow card is discarded and nothing happens."
	tellFlowsOnce          = "The river flows once: every salmon moves one section downstream."
	tellFlows              = "The river flows %d times: every salmon moves %d sections downstream."
	tellTouristCatches     = "The tourist on %d catches the salmon on %d–%d and goes home with it (both to the discard pile)."
	tellLocalCatches       = "The local on %d catches the salmon on %d–%d (to the discard pile) and stays."
	tellHookTourist        = "%s hooks the tourist in section %d: the tourist goes to the discard pile; %s loses all remaining hand cards and sits out the next turn."
	tellHookLocal          = "%s hooks the local in section %d: %s gives the local one salmon (to the discard pile); the local forgives and leaves the river."
	tellHookLocalPity      = "%s hooks the local in section %d: %s has no salmon to give, so the local takes pity and stays on the river."
	tellCatchNothing       = "%s’s cast into section %d catches nothing."
	tellCatch              = "%s catches the salmon on %d–%d and lays it face up in front."
	tellSalmonStays        = "The salmon on %d–%d stays in the river."
	tellEagleTakes         = "The eagle takes the salmon on %d–%d for %s; the eagle goes to the discard pile."
	tellEagleChasesTourist = "The eagle chases the tourist off section %d; both go to the discard pile."
	tellEagleChasesLocal   = "The eagle chases the local off section %d; both go to the discard pile."
	tellBearFindsNone      = "The bear finds no angler on the river; it goes to the discard pile."
	tellBearChasesOne      = "The bear chases the only angler off the river; it and the bear go to the discard pile."
	tellBearChasesAll      = "The bear chases all %d anglers off the river; they and the bear go to the discard pile."
	tellBearEats           = "The bear snatches the salmon on %d–%d and eats it: nobody gets it (to the discard pile, with the bear)."

	refuseSalmonNo     = "salmon %d: the river sections are numbered 1 to %d"
	refuseSectionNo    = "section %d: the river sections are numbered 1 to %d"
	refuseCastCards    = "a cast is one number card or two combined, not %d"
	refuseCardValue    = "%d is not a number card (0–%d)"
	refuseNotAngler    = "%q is not an angler: place a tourist or a local"
	refuseTouristThere = "section %d already holds a tourist; only a tourist placed on a local chases it away"
	refuseLocalThere   = "section %d already holds a local; only a tourist placed on a local chases it away"
	refuseNoSalmon     = "no salmon lies on %d–%d"
	refuseNoAngler     = "no angler fishes in section %d"
	refuseNothingToEat = "a bear eats only a salmon a player has just caught"
)
