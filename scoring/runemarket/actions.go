package runemarket

import (
	"slices"
	"strings"

	"tablemate/scoring"
)

// The steps of a turn as the rules play them (play.go's Apply hands
// each to its action here): buying, paying, the bandit, shelters, hand
// cards, thefts and duels, drawing back.

// refuser builds the StepErrors of one step (step 0: the setup).
type refuser struct{ step int }

// refuse refuses the step with code, the ruling that decides and a
// message formatted from format (a message id the play pages translate)
// and args.
func (r refuser) refuse(code, rule, format string, args ...any) *StepError {
	return scoring.Refusef(r.step, code, rule, format, args...)
}

func (p *Position) seat() *Seat { return &p.Players[p.current] }

// interest is phase 1 (rule text "Interest", "Bandit"): the engine's
// Interest report is applied: bandits move a rune each to their owners,
// emptied shelters with a bandit are abandoned (the bandit returns to the
// market), and the interest runes come from the market into the shelter
// that earned them — fewer if the market runs short.
func (p *Position) interest(r refuser) *StepError {
	if p.Phase != PhaseInterest {
		return r.refuse("interest_taken", "RUN-1", "interest is taken once, at the beginning of the turn, before any purchase or hand card")
	}
	s := p.seat()
	rep := Interest(s.Player)
	p.InterestFrom = YieldSources(s.Player)
	var kept []Shelter
	for i, y := range rep.Yields {
		if i >= len(s.Shelters) {
			break
		}
		sh := s.Shelters[i]
		switch {
		case y.Abandoned:
			p.Market.Bandits++
			continue
		case y.Stolen > 0:
			sh.Runes -= y.Stolen
			if j, ok := p.find(sh.Bandit); ok {
				p.Players[j].Runes.add(sh.Colour, y.Stolen)
			}
		case y.Interest > 0:
			sh.Runes += p.Market.take(sh.Colour, y.Interest)
		}
		kept = append(kept, sh)
	}
	for i, y := range rep.Yields[min(len(s.Shelters), len(rep.Yields)):] {
		if y.Interest > 0 {
			s.BoatShelters[i].Runes += p.Market.take(y.Colour, y.Interest)
		}
	}
	s.Shelters = append([]Shelter{}, kept...)
	p.Interest = &rep
	p.Phase = PhasePurchases
	return nil
}

// YieldSource is the shelter behind one yield of an interest report: the
// runes it held before phase 1 and whether it is a stand-alone boat
// shelter. With the yield it words the yield's reason (a page does so in
// its reader's language).
type YieldSource struct {
	Runes int
	Alone bool
}

// YieldSources lists the shelters behind Interest(pl)'s yields, in the
// same order: main shelters, then stand-alone boat shelters.
func YieldSources(pl Player) []YieldSource {
	out := []YieldSource{}
	for _, sh := range pl.Shelters {
		out = append(out, YieldSource{Runes: sh.Runes})
	}
	for _, b := range pl.BoatShelters {
		out = append(out, YieldSource{Runes: b.Runes, Alone: true})
	}
	return out
}

// take removes up to n runes of colour c from the market and returns how
// many there were.
func (m *Market) take(c string, n int) int {
	left := &m.Red
	if c == Blue {
		left = &m.Blue
	}
	n = min(n, *left)
	*left -= n
	return n
}

func (m *Market) give(c string, n int) {
	if c == Blue {
		m.Blue += n
	} else {
		m.Red += n
	}
}

func (r *Runes) add(c string, n int) {
	if c == Blue {
		r.Blue += n
	} else {
		r.Red += n
	}
}

func (r Runes) of(c string) int {
	if c == Blue {
		return r.Blue
	}
	return r.Red
}

// beforeInterest reports that phase 1 is still to come: every other move
// waits for the interest (each refuses with its own message).
func (p *Position) beforeInterest() bool { return p.Phase == PhaseInterest }

// Spendable is the runes of colour c a player may pay with: all but those
// frozen in a shelter where a bandit sits (rule text "Bandit").
func Spendable(pl Player, c string) int {
	n := pl.Runes.of(c)
	for _, sh := range pl.Shelters {
		if sh.Colour == c && sh.Bandit == "" {
			n += sh.Runes
		}
	}
	for _, b := range pl.BoatShelters {
		if b.Colour == c {
			n += b.Runes
		}
	}
	return n
}

// Holding is all the runes of colour c a player has, frozen ones too:
// what a thief can steal from.
func Holding(pl Player, c string) int {
	n := pl.Runes.of(c)
	for _, sh := range pl.Shelters {
		if sh.Colour == c {
			n += sh.Runes
		}
	}
	for _, b := range pl.BoatShelters {
		if b.Colour == c {
			n += b.Runes
		}
	}
	return n
}

// removeRunes takes n runes of colour c from a player, in a fixed order
// that keeps shelters earning interest as long as possible: loose runes
// first, then runes beyond the first in each shelter, then the last rune
// of a shelter. Frozen runes (a bandit's shelter) are used only when
// frozen is true (a theft). The caller has checked there are enough.
func removeRunes(pl *Player, c string, n int, frozen bool) {
	take := func(have *int, keep int) {
		d := min(n, max(0, *have-keep))
		*have -= d
		n -= d
	}
	switch c {
	case Blue:
		take(&pl.Runes.Blue, 0)
	default:
		take(&pl.Runes.Red, 0)
	}
	for _, keep := range []int{1, 0} {
		for i := range pl.BoatShelters {
			if pl.BoatShelters[i].Colour == c {
				take(&pl.BoatShelters[i].Runes, keep)
			}
		}
		for i := range pl.Shelters {
			if sh := &pl.Shelters[i]; sh.Colour == c && (frozen || sh.Bandit == "") {
				take(&sh.Runes, keep)
			}
		}
	}
}

// buy is a purchase of a boat shelter or a bandit (rule text "Purchasing
// decision", "Buying Boat Shelters and Bandits"; ruling RUN-1): Price()
// runes of one colour in phase 2, or number cards summing to 21+ as a hand
// card play. What is bought is played at once.
func (p *Position) buy(s Step, r refuser) *StepError {
	if p.beforeInterest() {
		return r.refuse("interest_first", "RUN-1", "take the interest first (phase 1), then buy")
	}
	me := p.seat()
	if s.Item != ItemBoatShelter && s.Item != ItemBandit {
		return r.refuse("unknown_item", "RUN-1", "the market sells a boat shelter or a bandit, not %q", scoring.Name(s.Item))
	}
	// what names the item in the payment's messages.
	what := scoring.Phrasef("a boat shelter")
	if s.Item == ItemBandit {
		what = scoring.Phrasef("a bandit")
	}
	switch {
	case s.Item == ItemBoatShelter && p.Market.BoatShelters == 0:
		return r.refuse("market_out", "RUN-1", "the market has no boat shelter left")
	case s.Item == ItemBandit && p.Market.Bandits == 0:
		return r.refuse("market_out", "RUN-1", "the market has no bandit left")
	}
	if err := p.pay(s, r, what, p.Price(), BoatOrBanditSum); err != nil {
		return err
	}
	if s.Item == ItemBandit {
		back, err := p.placeBandit(s, r)
		if err != nil {
			return err
		}
		if !back {
			p.Market.Bandits--
		}
		return nil
	}
	if err := placeBoat(me, s.Into, r); err != nil {
		return err
	}
	p.Market.BoatShelters--
	return nil
}

// pay takes a purchase's price: runes of one colour (only before the first
// hand card, rule text "Hand cards") or number cards summing to at least
// cardsSum (a hand card play, so it moves the turn to phase 3). what is
// "a boat shelter" or "a bandit", the start of some of its messages.
func (p *Position) pay(s Step, r refuser, what scoring.Phrase, runes, cardsSum int) *StepError {
	me := p.seat()
	if len(s.Cards) > 0 {
		if s.Pay != "" {
			return r.refuse("two_payments", "RUN-1", "pay either with runes or with number cards, not both")
		}
		sum, err := p.cards(s.Cards, r)
		if err != nil {
			return err
		}
		if sum < cardsSum {
			return r.refuse("cards_sum", "RUN-1", "%s costs number cards summing to %d or more, not %d", what, cardsSum, sum)
		}
		me.Hand -= len(s.Cards)
		p.Played++
		p.Phase = PhaseHand
		return nil
	}
	c, ok := colour(s.Pay)
	if !ok {
		return r.refuse("no_payment", "RUN-1", "%s costs %d runes of one colour (red or blue) or number cards summing to %d+: say which", what, runes, cardsSum)
	}
	if p.Phase == PhaseHand {
		return r.refuse("runes_after_hand_card", "RUN-1", "once a hand card is played, nothing more can be bought with runes this turn (rule text \"Hand cards\"); pay with number cards summing to 21 or more")
	}
	if have := Spendable(me.Player, c); have < runes {
		return r.refuse("cannot_pay", "RUN-1", "%s costs %d %s runes with %d players; %s has %d that can be spent (runes in a shelter with a bandit are frozen)", what, runes, colourWord(c), len(p.Players), scoring.Name(me.Name), have)
	}
	removeRunes(&me.Player, c, runes, false)
	p.Market.give(c, runes)
	return nil
}

// cards checks number cards played from the hand: each 0–13 (ruling
// CAM-1), no more than the hand holds. It returns their sum.
func (p *Position) cards(cards []int, r refuser) (int, *StepError) {
	sum := 0
	for _, v := range cards {
		if v < 0 || v > MaxNumberCard {
			return 0, r.refuse("card_value", "CAM-1", "number cards go from 0 to %d, not %d", MaxNumberCard, v)
		}
		sum += v
	}
	if h := p.seat().Hand; len(cards) > h {
		if h == 1 {
			return 0, r.refuse("hand_size", "RUN-1", "%s holds 1 hand card, not %d", scoring.Name(p.seat().Name), len(cards))
		}
		return 0, r.refuse("hand_size", "RUN-1", "%s holds %d hand cards, not %d", scoring.Name(p.seat().Name), h, len(cards))
	}
	return sum, nil
}

// placeBandit puts a bought bandit into another player's shelter (rule
// text "Bandit"; ruling RUN-2: any shelter of another player, a
// stand-alone boat shelter included). A boat shelter found in a main
// shelter is destroyed and goes back to the market; the bandit stays. A
// stand-alone boat shelter is destroyed too, and with no shelter left to
// sit in the bandit goes back to the market as well (back is true); the
// runes that were in it stay with their owner, loose (they still score,
// earn no interest and can be stolen).
func (p *Position) placeBandit(s Step, r refuser) (back bool, err *StepError) {
	v, err := p.banditTarget(s.Player, s.Shelter, s.Colour, r)
	if err != nil {
		return false, err
	}
	victim := &p.Players[v]
	if s.Shelter == StandAlone {
		c, _ := colour(s.Colour)
		j := slices.IndexFunc(victim.BoatShelters, func(b BoatShelter) bool { return b.Colour == c })
		runes := victim.BoatShelters[j].Runes
		victim.BoatShelters = slices.Delete(slices.Clone(victim.BoatShelters), j, j+1)
		switch c {
		case Red:
			victim.Runes.Red += runes
		case Blue:
			victim.Runes.Blue += runes
		}
		p.Market.BoatShelters++
		return true, nil
	}
	c, _ := colour(s.Shelter)
	i := slices.IndexFunc(victim.Shelters, func(sh Shelter) bool { return sh.Colour == c })
	sh := &victim.Shelters[i]
	sh.Bandit = p.seat().Name
	if sh.BoatShelter {
		sh.BoatShelter = false
		p.Market.BoatShelters++
	}
	return false, nil
}

// banditTarget checks where a bandit of the player to move goes: player's
// main shelter of colour shelter, or (shelter StandAlone) player's
// stand-alone boat shelter of colour ("" = holding no rune yet). It returns
// the victim's seat.
func (p *Position) banditTarget(player, shelter, colourName string, r refuser) (int, *StepError) {
	v, ok := p.find(player)
	if !ok {
		return 0, r.refuse("unknown_player", "RUN-1", "%q is not at the table: name the player whose shelter the bandit goes into", scoring.Name(player))
	}
	if v == p.current {
		return 0, r.refuse("bandit_target", "RUN-2", "a bandit goes into another player's shelter, not one's own")
	}
	victim := &p.Players[v]
	if shelter == StandAlone {
		c, ok := colour(colourName)
		switch {
		case !ok && strings.TrimSpace(colourName) != "":
			return 0, r.refuse("bandit_target", "RUN-2", "a stand-alone boat shelter is named by the colour of its runes, red or blue, or none while it holds no rune, not %q", scoring.Name(colourName))
		case !slices.ContainsFunc(victim.BoatShelters, func(b BoatShelter) bool { return b.Colour == c }) && c == "":
			return 0, r.refuse("bandit_target", "RUN-2", "%s has no stand-alone boat shelter without a rune for the bandit", scoring.Name(victim.Name))
		case !slices.ContainsFunc(victim.BoatShelters, func(b BoatShelter) bool { return b.Colour == c }):
			return 0, r.refuse("bandit_target", "RUN-2", "%s has no stand-alone %s boat shelter for the bandit", scoring.Name(victim.Name), colourWord(c))
		}
		return v, nil
	}
	c, _ := colour(shelter)
	i := slices.IndexFunc(victim.Shelters, func(sh Shelter) bool { return sh.Colour == c })
	switch {
	case i < 0:
		return 0, r.refuse("bandit_target", "RUN-2", "%s has no %s main shelter for the bandit", scoring.Name(victim.Name), orColour(shelter))
	case victim.Shelters[i].Bandit != "":
		return 0, r.refuse("bandit_target", "RUN-1", "%s's %s shelter already holds %s's bandit", scoring.Name(victim.Name), colourWord(c), scoring.Name(victim.Shelters[i].Bandit))
	}
	return v, nil
}

// BanditTarget is one shelter a bandit may be placed in now (ruling
// RUN-2): a main shelter (Shelter red or blue) or a stand-alone boat
// shelter (Shelter StandAlone, Colour its runes' colour or ""), of another
// player, with the runes inside; DestroysBoat says a boat shelter is
// destroyed there (inside the main shelter, or the stand-alone one).
type BanditTarget struct {
	Player, Shelter, Colour string
	Runes                   int
	DestroysBoat            bool
}

// BanditTargets lists, for the player to move, every shelter of another
// player the engine accepts a bandit in, in seat order, main shelters
// first. A page offers exactly these.
func (p Position) BanditTargets() []BanditTarget {
	var out []BanditTarget
	r := refuser{}
	for i, o := range p.Players {
		if i == p.current {
			continue
		}
		for _, sh := range o.Shelters {
			if _, err := p.banditTarget(o.Name, sh.Colour, "", r); err == nil {
				out = append(out, BanditTarget{Player: o.Name, Shelter: sh.Colour, Runes: sh.Runes, DestroysBoat: sh.BoatShelter})
			}
		}
		for _, b := range o.BoatShelters {
			if _, err := p.banditTarget(o.Name, StandAlone, b.Colour, r); err == nil {
				out = append(out, BanditTarget{Player: o.Name, Shelter: StandAlone, Colour: b.Colour, Runes: b.Runes, DestroysBoat: true})
			}
		}
	}
	return out
}

// orColour names a shelter colour the step gave, or says either when it
// gave none.
func orColour(c string) scoring.Phrase {
	if c == "" {
		return scoring.Phrasef("(red or blue)")
	}
	return colourWord(c)
}

// colourWord is a rune or shelter colour as a phrase argument: a catalog
// word a page says in its language; any other text as it is.
func colourWord(c string) scoring.Phrase {
	switch c {
	case Red:
		return scoring.Phrasef("red")
	case Blue:
		return scoring.Phrasef("blue")
	}
	return scoring.Phrasef("%s", scoring.Name(c))
}

// placeBoat puts a boat shelter on a player's table (rule text "Boat
// Shelter"): inside a main shelter that has none (and no bandit, which
// would destroy it), or standing alone in place of a missing main shelter.
func placeBoat(me *Seat, into string, r refuser) *StepError {
	if into == Alone {
		if len(me.BoatShelters) >= freeColours(me.Player) {
			return r.refuse("boat_shelter_place", "RUN-1", "a boat shelter stands alone only in place of a missing main shelter (at most two shelters in all); put it inside a main shelter")
		}
		me.BoatShelters = append(me.BoatShelters, BoatShelter{})
		return nil
	}
	c, ok := colour(into)
	if !ok {
		return r.refuse("boat_shelter_place", "RUN-1", "say where the boat shelter goes: red, blue (inside that main shelter) or alone, not %q", scoring.Name(into))
	}
	i := slices.IndexFunc(me.Shelters, func(sh Shelter) bool { return sh.Colour == c })
	switch {
	case i < 0:
		return r.refuse("boat_shelter_place", "RUN-1", "%s has no %s main shelter to put the boat shelter in", scoring.Name(me.Name), colourWord(c))
	case me.Shelters[i].BoatShelter:
		return r.refuse("boat_shelter_place", "RUN-1", "the %s shelter already holds a boat shelter; a main shelter holds only one (no triple interest)", colourWord(c))
	case me.Shelters[i].Bandit != "":
		return r.refuse("boat_shelter_place", "RUN-1", "%s's bandit sits in the %s shelter and would destroy the boat shelter", scoring.Name(me.Shelters[i].Bandit), colourWord(c))
	}
	me.Shelters[i].BoatShelter = true
	return nil
}

// MainColours is how many main-shelter colours there are (red and
// blue): a player has room for a stand-alone boat shelter per colour
// without a main shelter.
const MainColours = 2

// freeColours is how many main-shelter colours a player lacks: the room
// for stand-alone boat shelters.
func freeColours(pl Player) int {
	free := MainColours
	for _, sh := range pl.Shelters {
		if sh.Colour == Red || sh.Colour == Blue {
			free--
		}
	}
	return max(free, 0)
}

// ransom frees a shelter of its bandit (rule text "How to get rid of a
// bandit"): 3 runes not inside that shelter back to the market (before the
// first hand card, like any rune payment), or number cards summing to 21+.
// The bandit goes back to the market.
func (p *Position) ransom(s Step, r refuser) *StepError {
	if p.beforeInterest() {
		return r.refuse("interest_first", "RUN-1", "take the interest first (phase 1), then pay a ransom")
	}
	me := p.seat()
	c, _ := colour(s.Shelter)
	i := slices.IndexFunc(me.Shelters, func(sh Shelter) bool { return sh.Colour == c && sh.Bandit != "" })
	if i < 0 {
		return r.refuse("no_bandit", "RUN-1", "no bandit sits in %s's %s shelter", scoring.Name(me.Name), orColour(s.Shelter))
	}
	switch {
	case len(s.Cards) > 0:
		if s.Runes != nil {
			return r.refuse("two_payments", "RUN-1", "pay the ransom either with runes or with number cards, not both")
		}
		sum, err := p.cards(s.Cards, r)
		if err != nil {
			return err
		}
		if sum < BoatOrBanditSum {
			return r.refuse("cards_sum", "RUN-1", "a ransom in number cards is a sum of %d or more, not %d", BoatOrBanditSum, sum)
		}
		me.Hand -= len(s.Cards)
		p.Played++
		p.Phase = PhaseHand
	case s.Runes == nil || s.Runes.Red < 0 || s.Runes.Blue < 0 || s.Runes.Red+s.Runes.Blue != RansomRunes:
		return r.refuse("ransom_runes", "RUN-1", "a ransom in runes is %d runes (any colours) or number cards summing to %d or more", RansomRunes, BoatOrBanditSum)
	case p.Phase == PhaseHand:
		return r.refuse("runes_after_hand_card", "RUN-1", "once a hand card is played, nothing more is paid with runes this turn (rule text \"Hand cards\"); pay the ransom with number cards summing to 21 or more")
	default:
		// The runes must lie outside the affected shelter: hide it while
		// counting and paying.
		freed := me.Shelters[i]
		me.Shelters[i].Runes = 0
		for _, col := range []string{Red, Blue} {
			need := s.Runes.of(col)
			if have := Spendable(me.Player, col); have < need {
				me.Shelters[i] = freed
				return r.refuse("cannot_pay", "RUN-1", "%s has %d %s runes outside the %s shelter that can be spent, not %d", scoring.Name(me.Name), have, colourWord(col), colourWord(freed.Colour), need)
			}
			removeRunes(&me.Player, col, need, false)
			p.Market.give(col, need)
		}
		me.Shelters[i].Runes = freed.Runes
	}
	me.Shelters[i].Bandit = ""
	p.Market.Bandits++
	return nil
}

// RansomRunes is the ransom in runes that frees a shelter of its bandit
// (rule text "How to get rid of a bandit" II; it does not change with the
// number of players).
const RansomRunes = 3

// place puts loose runes into one's own shelter of their colour, or into a
// stand-alone boat shelter (whose colour the first rune decides).
func (p *Position) place(s Step, r refuser) *StepError {
	if p.beforeInterest() {
		return r.refuse("interest_first", "RUN-1", "take the interest first (phase 1), then place runes")
	}
	me := p.seat()
	c, ok := colour(s.Colour)
	if !ok {
		return r.refuse("place_colour", "RUN-1", "say which runes to place: red or blue, not %q", scoring.Name(s.Colour))
	}
	if s.Count < 1 || me.Runes.of(c) < s.Count {
		return r.refuse("place_runes", "RUN-1", "%s has %d loose %s runes; place 1 to %d", scoring.Name(me.Name), me.Runes.of(c), colourWord(c), me.Runes.of(c))
	}
	var into *int
	switch s.Into {
	case "shelter", "":
		if i := slices.IndexFunc(me.Shelters, func(sh Shelter) bool { return sh.Colour == c }); i >= 0 {
			into = &me.Shelters[i].Runes
		}
	case "boat_shelter":
		i := slices.IndexFunc(me.BoatShelters, func(b BoatShelter) bool { return b.Colour == c })
		if i < 0 && !slices.ContainsFunc(me.Shelters, func(sh Shelter) bool { return sh.Colour == c }) {
			// An empty stand-alone boat shelter takes the colour of its first rune.
			i = slices.IndexFunc(me.BoatShelters, func(b BoatShelter) bool { return b.Colour == "" })
		}
		if i >= 0 {
			me.BoatShelters[i].Colour = c
			into = &me.BoatShelters[i].Runes
		}
	}
	if into == nil {
		return r.refuse("place_shelter", "RUN-1", "%s has no shelter for %s runes there (red runes go in red shelters, blue in blue; a boat shelter's colour cannot change)", scoring.Name(me.Name), colourWord(c))
	}
	*into += s.Count
	me.Runes.add(c, -s.Count)
	return nil
}

// handCard plays a card from the hand (phase 3): a rune bought with number
// cards, a shelter played to the table, a thief, a shelter as a double
// theft, or a duel.
func (p *Position) handCard(s Step, r refuser) *StepError {
	if p.beforeInterest() {
		return r.refuse("interest_first", "RUN-1", "take the interest first (phase 1), then play hand cards")
	}
	me := p.seat()
	if me.Hand < 1 {
		return r.refuse("hand_size", "RUN-1", "%s has no hand card left to play", scoring.Name(me.Name))
	}
	var err *StepError
	used := 1
	switch s.Do {
	case DoRune:
		err = p.buyRune(s, r)
		used = len(s.Cards)
	case DoShelter:
		err = playShelter(me, s.Colour, r)
	case DoThief:
		err = p.steal(s.Steal, byThief, r)
	case DoDoubleTheft:
		err = p.steal(s.Steal, byDoubleTheft, r)
	case DoDuel:
		err = p.duel(s, r)
	}
	if err != nil {
		return err
	}
	p.seat().Hand -= used
	p.Played++
	p.Phase = PhaseHand
	return nil
}

// buyRune buys one rune with number cards summing to exactly 5, 10 or 15
// (ruling RUN-1).
func (p *Position) buyRune(s Step, r refuser) *StepError {
	c, ok := colour(s.Colour)
	if !ok {
		return r.refuse("rune_colour", "RUN-1", "say which rune to buy: red or blue, not %q", scoring.Name(s.Colour))
	}
	if len(s.Cards) == 0 {
		return r.refuse("cards_sum", "RUN-1", "a rune costs number cards summing to exactly 5, 10 or 15: name them")
	}
	sum, err := p.cards(s.Cards, r)
	if err != nil {
		return err
	}
	if !BuysRune(sum) {
		return r.refuse("cards_sum", "RUN-1", "a rune costs number cards summing to exactly 5, 10 or 15, not %d", sum)
	}
	if p.Market.take(c, 1) == 0 {
		return r.refuse("market_out", "RUN-1", "the market has no %s rune left", colourWord(c))
	}
	p.seat().Runes.add(c, 1)
	return nil
}

// playShelter puts a main shelter on the table (rule text "Red and Blue
// Shelters" I: one of each colour at most). A stand-alone boat shelter of
// that colour moves inside it with its runes, and an uncoloured one moves
// in when there is no more room to stand alone ("Once you have two main
// shelters, you must place your Boat Shelters inside").
func playShelter(me *Seat, col string, r refuser) *StepError {
	c, ok := colour(col)
	if !ok {
		return r.refuse("shelter_colour", "RUN-1", "a shelter is red or blue, not %q", scoring.Name(col))
	}
	if slices.ContainsFunc(me.Shelters, func(sh Shelter) bool { return sh.Colour == c }) {
		return r.refuse("shelter_limit", "RUN-1", "%s has a %s shelter already (one of each colour at most); play this one as a double theft instead", scoring.Name(me.Name), colourWord(c))
	}
	sh := Shelter{Colour: c}
	i := slices.IndexFunc(me.BoatShelters, func(b BoatShelter) bool { return b.Colour == c })
	if i < 0 && len(me.BoatShelters) >= freeColours(me.Player) {
		i = slices.IndexFunc(me.BoatShelters, func(b BoatShelter) bool { return b.Colour == "" })
	}
	if i >= 0 {
		sh.BoatShelter, sh.Runes = true, me.BoatShelters[i].Runes
		me.BoatShelters = slices.Delete(me.BoatShelters, i, i+1)
	}
	me.Shelters = append(me.Shelters, sh)
	return nil
}

// theftBy is what steals: a thief card (1 theft), a shelter played as a
// double theft card (2) or a won duel (1).
type theftBy int

const (
	byThief theftBy = iota
	byDoubleTheft
	byDuel
)

// steal carries out thefts (rule text "Thief card", shelters as "Double
// Theft Card", a won duel): each takes a rune of a colour (frozen ones
// too: "others may still steal from it") or a hand card from another
// player. A stolen rune lies loose before the thief; a stolen hand card
// joins the thief's hand.
func (p *Position) steal(ts []Theft, by theftBy, r refuser) *StepError {
	switch {
	case by == byThief && len(ts) != 1:
		return r.refuse("steal_count", "RUN-1", "a thief card steals 1 rune or hand card, not %d", len(ts))
	case by == byDoubleTheft && len(ts) != 2:
		return r.refuse("steal_count", "RUN-1", "a shelter played as a double theft card steals 2 rune or hand cards, not %d", len(ts))
	case by == byDuel && len(ts) != 1:
		return r.refuse("steal_count", "RUN-1", "a won duel steals 1 rune or hand card, not %d", len(ts))
	}
	for _, t := range ts {
		v, ok := p.find(t.From)
		if !ok || v == p.current {
			return r.refuse("steal_from", "RUN-1", "steal from another player at the table, not %q", scoring.Name(t.From))
		}
		victim := &p.Players[v]
		switch t.Take {
		case TakeRune:
			c, ok := colour(t.Colour)
			if !ok {
				return r.refuse("rune_colour", "RUN-1", "say which rune is stolen: red or blue, not %q", scoring.Name(t.Colour))
			}
			if Holding(victim.Player, c) == 0 {
				return r.refuse("steal_nothing", "RUN-1", "%s has no %s rune to steal", scoring.Name(victim.Name), colourWord(c))
			}
			removeRunes(&victim.Player, c, 1, true)
			p.seat().Runes.add(c, 1)
		case TakeHandCard:
			if victim.Hand < 1 {
				return r.refuse("steal_nothing", "RUN-1", "%s has no hand card to steal", scoring.Name(victim.Name))
			}
			// The victim does not draw a replacement before the end of
			// their next turn (rule text "Thief card").
			victim.Hand--
			p.seat().Hand++
		default:
			return r.refuse("steal_what", "RUN-1", "a theft takes a rune or a hand card, not %q", scoring.Name(t.Take))
		}
	}
	return nil
}

// duel is an attack with a number card (rule text "Duel"): each opponent
// at most once per turn. Either way the attacking card is discarded; a
// winning attacker steals a rune or a hand card from the defender. A
// defender who wins shows an equal or higher card.
func (p *Position) duel(s Step, r refuser) *StepError {
	d, ok := p.find(s.Player)
	if !ok || d == p.current {
		return r.refuse("duel_target", "RUN-1", "challenge another player at the table, not %q", scoring.Name(s.Player))
	}
	defender := p.Players[d].Name
	if slices.Contains(p.Attacked, defender) {
		return r.refuse("duel_repeat", "RUN-1", "%s has already challenged %s this turn: a player may be attacked once per turn (rule text \"Number cards\" III)", scoring.Name(p.seat().Name), scoring.Name(defender))
	}
	if s.Card == nil {
		return r.refuse("duel_card", "RUN-1", "show the attacking number card")
	}
	if _, err := p.cards([]int{*s.Card}, r); err != nil {
		return err
	}
	if s.Defence != nil {
		if _, err := p.cards([]int{*s.Defence}, refuser{}); err != nil {
			err.Step = r.step
			return err
		}
	}
	p.Attacked = append(p.Attacked, defender)
	if !s.Won {
		if s.Defence != nil && *s.Defence < *s.Card {
			return r.refuse("duel_defence", "RUN-1", "%s's %d does not beat the attacking %d: a defence needs an equal or higher card", scoring.Name(defender), *s.Defence, *s.Card)
		}
		if len(s.Steal) > 0 {
			return r.refuse("steal_count", "RUN-1", "a lost attack steals nothing")
		}
		return nil
	}
	if s.Defence != nil {
		return r.refuse("duel_defence", "RUN-1", "a defender who wins shows the card; one who gives up shows nothing")
	}
	if v := p.Players[d]; len(s.Steal) == 0 && v.Hand == 0 && Holding(v.Player, Red)+Holding(v.Player, Blue) == 0 {
		return nil // nothing to steal from a defender with no rune and no hand card
	}
	return p.steal(s.Steal, byDuel, r)
}

// draw is phase 4: the player draws back to 3 hand cards and the turn
// passes to the left. At least one hand card must have been played (rule
// text "Hand cards"), unless the hand was empty.
func (p *Position) draw(r refuser) *StepError {
	if p.beforeInterest() {
		return r.refuse("interest_first", "RUN-1", "take the interest first (phase 1), then draw")
	}
	me := p.seat()
	if p.Played == 0 && me.Hand > 0 {
		return r.refuse("hand_card_required", "RUN-1", "%s must play at least 1 hand card every turn before drawing back to 3", scoring.Name(me.Name))
	}
	me.Hand = max(me.Hand, HandSize)
	p.current = (p.current + 1) % len(p.Players)
	p.Turn++
	p.beginTurn()
	return nil
}
