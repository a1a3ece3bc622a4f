package runemarket

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/runemarket"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// runeMarketPlay is The Rune Market played along: the app keeps every
// player's public ledger and walks each turn through its four phases;
// the hand cards stay secret, only what is played is entered.
type runeMarketPlay struct{}

func rmPage(c echo.Context, t sessions.Table) views.Page {
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{"css/play-runemarket.css"}
	p.Scripts = []string{"js/play-runemarket.js"}
	return p
}

func (runeMarketPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	vm := RMSetupVM{Page: rmPage(c, t), Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c),
		Players: t.Players, First: kit.FirstPlayer(c, t, "first"),
		Red: c.FormValue("red"), Blue: c.FormValue("blue"), Boats: c.FormValue("boat_shelters"), Bandits: c.FormValue("bandits")}
	vm.Errors = errs
	return RMSetup(vm)
}

// setupJSON reads the market's piles and the starting player.
func (runeMarketPlay) SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	var m runemarket.Market
	for _, f := range []struct {
		name  string
		label scoring.Phrase
		into  *int
	}{{"red", scoring.Phrasef("red runes"), &m.Red}, {"blue", scoring.Phrasef("blue runes"), &m.Blue},
		{"boat_shelters", scoring.Phrasef("boat shelters"), &m.BoatShelters}, {"bandits", scoring.Phrasef("bandits"), &m.Bandits}} {
		n, err := strconv.Atoi(strings.TrimSpace(c.FormValue(f.name)))
		if err != nil || n < 0 {
			return nil, kit.FormErrorf("market."+f.name, "Count the market's %s: a whole number, 0 or more.", f.label)
		}
		*f.into = n
	}
	first := c.FormValue("first")
	if first == "" {
		return nil, kit.FormErrorf("first", "Choose who starts: the winner of the last round, or the youngest player.")
	}
	return json.Marshal(runemarket.Setup{Market: m, First: first})
}

// LastMove names the newest move (kit.MoveNamer) as the engine tells it:
// "Ben drew back to 3; Cy has no interest this turn: skipped".
func (runeMarketPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	before, _, last, _, err := runemarket.Engine{}.LastOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	return before.Describe(last), nil
}

func (runeMarketPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	before, pos, last, _, err := runemarket.Engine{}.LastOf(t.Play.Log())
	if err != nil {
		return nil, fmt.Errorf("resume guided game: %w", err)
	}
	vm := rmPlayVM(pos)
	if len(t.Play.Steps) > 0 {
		vm.LastMove = before.Describe(last)
	}
	vm.Page, vm.Form, vm.TableName, vm.Base = rmPage(c, t), kit.Form(c, t.Head), t.Name, kit.EditBase(c)
	vm.Flash, vm.FlashKind = flash, "bad"
	vm.UndoLabel = undo
	vm.Kept = RMKept{Values: kit.Refused(c, t)}
	return RMPlay(vm), nil
}

// stepJSON reads a posted move into the engine's step; the form's field
// "do" names the move.
func (runeMarketPlay) StepJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	all, _ := c.FormParams()
	s, err := rmStep(c.FormValue, all)
	if err != nil {
		return nil, err
	}
	return runemarket.StepJSON(s), nil
}

// rmStep turns a move form into a step. get reads one field; all holds
// every posted field (for the tie-break's highest cards by player).
func rmStep(get func(string) string, all map[string][]string) (runemarket.Step, error) {
	s := runemarket.Step{Do: runemarket.Action(get("do"))}
	var err error
	switch s.Do {
	case runemarket.DoInterest, runemarket.DoDraw:
	case runemarket.DoShelter:
		s.Colour = get("colour")
	case runemarket.DoBuy:
		s.Item, s.Into = get("item"), get("into")
		// A bandit's target: "Ben|red", or "Ben|boat_shelter|blue" for a
		// stand-alone boat shelter ("Ben|boat_shelter|" with no rune yet).
		target := strings.SplitN(get("target"), "|", 3)
		s.Player = target[0]
		if len(target) > 1 {
			s.Shelter = target[1]
		}
		if len(target) > 2 {
			s.Colour = target[2]
		}
		s.Pay, s.Cards, err = rmPay(get)
	case runemarket.DoRansom:
		s.Shelter = get("shelter")
		switch pay := get("pay"); pay {
		case "cards":
			s.Cards, err = readCards(get("cards"))
		default:
			r, b, _ := strings.Cut(pay, "-")
			red, err1 := strconv.Atoi(r)
			blue, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil {
				return s, kit.FormErrorf("pay", "Choose how the ransom is paid.")
			}
			s.Runes = &runemarket.Runes{Red: red, Blue: blue}
		}
	case runemarket.DoPlace:
		s.Colour, s.Into, _ = strings.Cut(get("what"), "|")
		if s.Count, err = strconv.Atoi(get("count")); err != nil {
			return s, kit.FormErrorf("count", "Enter how many runes to place.")
		}
	case runemarket.DoRune:
		s.Colour = get("colour")
		s.Cards, err = readCards(get("cards"))
	case runemarket.DoThief:
		s.Steal, err = rmSteals(get, "steal")
	case runemarket.DoDoubleTheft:
		s.Steal, err = rmSteals(get, "steal", "steal2")
	case runemarket.DoDuel:
		s.Player = get("player")
		card, cerr := strconv.Atoi(strings.TrimSpace(get("card")))
		if cerr != nil {
			return s, kit.FormErrorf("card", "Enter the attacking number card.")
		}
		s.Card = &card
		switch get("outcome") {
		case "won":
			s.Won = true
			s.Steal, err = rmSteals(get, "steal")
		case "lost":
			if d := strings.TrimSpace(get("defence")); d != "" {
				v, derr := strconv.Atoi(d)
				if derr != nil {
					return s, kit.FormErrorf("defence", "The defending card is a number, or leave it empty.")
				}
				s.Defence = &v
			}
		default:
			return s, kit.FormErrorf("outcome", "Say who won the duel.")
		}
	case runemarket.DoFinish:
		s.RPSWinner = get("rps_winner")
		for k, v := range all {
			name, ok := strings.CutPrefix(k, "highest.")
			if !ok || len(v) == 0 || strings.TrimSpace(v[0]) == "" {
				continue
			}
			n, nerr := strconv.Atoi(strings.TrimSpace(v[0]))
			if nerr != nil {
				return s, kit.FormErrorf(k, "%s's highest number card is a number (0 for none).", scoring.Name(name))
			}
			if s.HighestNumberCards == nil {
				s.HighestNumberCards = map[string]int{}
			}
			s.HighestNumberCards[name] = n
		}
	default:
		return s, kit.FormErrorf("do", "Choose a move.")
	}
	return s, err
}

// rmPay reads how a purchase is paid: runes of one colour or number cards.
func rmPay(get func(string) string) (string, []int, error) {
	switch pay := get("pay"); pay {
	case "cards":
		cards, err := readCards(get("cards"))
		return "", cards, err
	case "":
		return "", nil, kit.FormErrorf("pay", "Choose how to pay.")
	default:
		return pay, nil, nil
	}
}

// readCards reads number cards typed as "4 6", "4+6" or "4, 6".
func readCards(typed string) ([]int, error) {
	fields := strings.FieldsFunc(typed, func(r rune) bool { return r == ' ' || r == '+' || r == ',' })
	if len(fields) == 0 {
		return nil, kit.FormErrorf("cards", "Enter the number cards discarded, e.g. 4 6.")
	}
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, kit.FormErrorf("cards", "%q is not a number card; enter numbers like 4 6.", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// rmSteals reads thefts posted as "Ben|rune|red" or "Ben|hand_card".
func rmSteals(get func(string) string, fields ...string) ([]runemarket.Theft, error) {
	var out []runemarket.Theft
	for _, f := range fields {
		parts := strings.SplitN(get(f), "|", 3)
		if len(parts) < 2 {
			return nil, kit.FormErrorf(f, "Choose what is stolen, and from whom.")
		}
		t := runemarket.Theft{From: parts[0], Take: parts[1]}
		if len(parts) == 3 {
			t.Colour = parts[2]
		}
		out = append(out, t)
	}
	return out, nil
}

// rmPhases are the turn's phases; their labels are phrases, said in the
// reader's language by the page.
var rmPhases = []RMPhaseVM{
	{Key: string(runemarket.PhaseInterest), Label: scoring.Phrasef("Interest")},
	{Key: string(runemarket.PhasePurchases), Label: scoring.Phrasef("Purchases")},
	{Key: string(runemarket.PhaseHand), Label: scoring.Phrasef("Hand cards")},
	{Key: "draw", Label: scoring.Phrasef("Draw to 3")},
}

// rmPlayVM describes a position, in phrases the page says: the phase, the choices
// on offer (the moves the engine lists, runemarket.Position.Moves), the
// ledgers and, once ended, the ranking.
func rmPlayVM(pos runemarket.Position) RMPlayVM {
	vm := RMPlayVM{Turn: pos.Turn, Current: pos.ToMove(), Phase: string(pos.Phase),
		Market:      RMMarketVM{Red: pos.Market.Red, Blue: pos.Market.Blue, Boats: pos.Market.BoatShelters, Bandits: pos.Market.Bandits},
		Price:       pos.Price(),
		PlayerCount: len(pos.Players)}
	res := runemarket.Score(pos.Final())
	for i, s := range pos.Players {
		l := RMLedgerVM{Name: s.Name, ToMove: i == pos.Current(), Hand: s.Hand, Red: s.Runes.Red, Blue: s.Runes.Blue, Points: res.Players[i].Total}
		for _, sh := range s.Shelters {
			l.Shelters = append(l.Shelters, RMShelterVM{Colour: sh.Colour, Runes: sh.Runes, Boat: sh.BoatShelter, Bandit: sh.Bandit})
		}
		for _, b := range s.BoatShelters {
			l.Boats = append(l.Boats, RMShelterVM{Colour: b.Colour, Runes: b.Runes, Boat: true})
		}
		vm.Ledgers = append(vm.Ledgers, l)
	}
	if pos.Ended() {
		endVM(&vm, pos)
		return vm
	}
	for i, ph := range rmPhases {
		ph.State = "todo"
		switch {
		case ph.Key == vm.Phase:
			ph.State = "current"
		case i < phaseIndex(vm.Phase):
			ph.State = "done"
		}
		vm.Phases = append(vm.Phases, ph)
	}
	me := pos.Players[pos.Current()]
	vm.Hand, vm.Played = me.Hand, pos.Played
	// The interest is the engine's report: the one it will give before
	// phase 1, the one it gave after.
	rep := runemarket.Interest(me.Player)
	if pos.Interest != nil {
		rep = *pos.Interest
	}
	vm.InterestText, vm.InterestSkipped = rep.Sum, rep.Skipped
	for _, y := range rep.Yields {
		vm.Yields = append(vm.Yields, RMYieldVM{Shelter: y.Name, Colour: y.Colour, Reason: y.Why,
			Interest: y.Interest, Stolen: y.Stolen, Abandoned: y.Abandoned})
	}
	if pos.Phase == runemarket.PhaseInterest {
		return vm
	}
	rmChoices(&vm, pos, me)
	return vm
}

// rmByColour is red's or blue's wording of a label: German declines the
// colour, so each colour has its own message.
func rmByColour(c string, red, blue scoring.Phrase) scoring.Phrase {
	if c == runemarket.Blue {
		return blue
	}
	return red
}

// rmBanditLabel names a shelter a bandit may go into and what happens
// there: a boat shelter inside a main shelter is destroyed; a stand-alone
// one is destroyed with its bandit going back to the market and its runes
// left loose (ruling RUN-2).
func rmBanditLabel(bt runemarket.BanditTarget) scoring.Phrase {
	switch {
	case bt.Shelter == runemarket.StandAlone && bt.Colour == "":
		return scoring.Phrasef("%s's stand-alone boat shelter (no rune yet) — destroys it; the bandit goes back to the market", bt.Player)
	case bt.Shelter == runemarket.StandAlone:
		return rmByColour(bt.Colour,
			scoring.Phrasef("%s's stand-alone red boat shelter (%d runes) — destroys it; the bandit goes back to the market, the runes stay loose", bt.Player, bt.Runes),
			scoring.Phrasef("%s's stand-alone blue boat shelter (%d runes) — destroys it; the bandit goes back to the market, the runes stay loose", bt.Player, bt.Runes))
	case bt.DestroysBoat:
		return rmByColour(bt.Shelter,
			scoring.Phrasef("%s's red shelter (%d runes) — destroys its boat shelter", bt.Player, bt.Runes),
			scoring.Phrasef("%s's blue shelter (%d runes) — destroys its boat shelter", bt.Player, bt.Runes))
	}
	return rmByColour(bt.Shelter, scoring.Phrasef("%s's red shelter (%d runes)", bt.Player, bt.Runes), scoring.Phrasef("%s's blue shelter (%d runes)", bt.Player, bt.Runes))
}

// phaseIndex is the position of a phase in the turn's order.
func phaseIndex(phase string) int {
	for i, p := range rmPhases {
		if p.Key == phase {
			return i
		}
	}
	return 0
}

// rmChoices lists the moves on offer to the player to move, labelled
// with phrases: exactly the engine's (runemarket.Position.Moves), each
// option once.
func rmChoices(vm *RMPlayVM, pos runemarket.Position, me runemarket.Seat) {
	moves := pos.Moves()
	offered := func(ok func(runemarket.Step) bool) bool { return slices.ContainsFunc(moves, ok) }
	for _, pay := range []string{runemarket.Red, runemarket.Blue, runemarket.PayCards} {
		if !offered(func(m runemarket.Step) bool { return m.Do == runemarket.DoBuy && m.Pay == pay }) {
			continue
		}
		label := scoring.Phrasef("Number cards summing to %d or more", runemarket.BoatOrBanditSum)
		if pay != runemarket.PayCards {
			have := runemarket.Spendable(me.Player, pay)
			label = rmByColour(pay, scoring.Phrasef("%d red runes (has %d)", pos.Price(), have), scoring.Phrasef("%d blue runes (has %d)", pos.Price(), have))
		}
		vm.BuyPays = append(vm.BuyPays, RMOption{Value: pay, Label: label})
	}
	for _, into := range []string{runemarket.Red, runemarket.Blue, runemarket.Alone} {
		if !offered(func(m runemarket.Step) bool {
			return m.Do == runemarket.DoBuy && m.Item == runemarket.ItemBoatShelter && m.Into == into
		}) {
			continue
		}
		label := scoring.Phrasef("Standing alone, as a main shelter")
		if into != runemarket.Alone {
			label = rmByColour(into, scoring.Phrasef("Inside the red shelter (double interest)"), scoring.Phrasef("Inside the blue shelter (double interest)"))
		}
		vm.BoatPlaces = append(vm.BoatPlaces, RMOption{Value: into, Label: label})
	}
	// Where a bandit may go (ruling RUN-2: any shelter of another player, a
	// stand-alone boat shelter included), with what happens there.
	for _, bt := range pos.BanditTargets() {
		if !offered(func(m runemarket.Step) bool {
			return m.Do == runemarket.DoBuy && m.Item == runemarket.ItemBandit && m.Player == bt.Player && m.Shelter == bt.Shelter && m.Colour == bt.Colour
		}) {
			continue
		}
		value := bt.Player + "|" + bt.Shelter
		if bt.Shelter == runemarket.StandAlone {
			value += "|" + bt.Colour
		}
		vm.BanditTargets = append(vm.BanditTargets, RMOption{Value: value, Label: rmBanditLabel(bt)})
	}
	for _, m := range moves {
		switch m.Do {
		case runemarket.DoDuel:
			vm.Opponents = append(vm.Opponents, RMOption{Value: m.Player, Label: scoring.Verbatim(m.Player)})
		case runemarket.DoThief:
			vm.Steals = append(vm.Steals, rmSteal(pos, m.Steal[0]))
		case runemarket.DoRune:
			vm.RuneColours = append(vm.RuneColours, RMOption{Value: m.Colour, Label: rmByColour(m.Colour, scoring.Phrasef("Red rune"), scoring.Phrasef("Blue rune"))})
		case runemarket.DoShelter:
			vm.ShelterColours = append(vm.ShelterColours, RMOption{Value: m.Colour, Label: rmByColour(m.Colour, scoring.Phrasef("Red shelter"), scoring.Phrasef("Blue shelter"))})
		case runemarket.DoPlace:
			label := rmByColour(m.Colour, scoring.Phrasef("red runes into the red shelter"), scoring.Phrasef("blue runes into the blue shelter"))
			if m.Into == "boat_shelter" {
				label = rmByColour(m.Colour, scoring.Phrasef("red runes into the stand-alone boat shelter"), scoring.Phrasef("blue runes into the stand-alone boat shelter"))
			}
			vm.PlaceOptions = append(vm.PlaceOptions, RMOption{Value: m.Colour + "|" + m.Into, Label: label})
			vm.PlaceAll = append(vm.PlaceAll, RMOption{Value: m.Colour + "|" + m.Into, Label: rmPlaceAllLabel(m)})
			vm.PlaceCount = append(vm.PlaceCount, m.Count)
			vm.PlaceFewer = vm.PlaceFewer || m.Count > 1
		}
	}
	for _, sh := range me.Shelters {
		if !offered(func(m runemarket.Step) bool { return m.Do == runemarket.DoRansom && m.Shelter == sh.Colour }) {
			continue
		}
		vm.RansomShelters = append(vm.RansomShelters, RMOption{Value: sh.Colour, Label: rmByColour(sh.Colour,
			scoring.Phrasef("the red shelter (%s's bandit)", sh.Bandit), scoring.Phrasef("the blue shelter (%s's bandit)", sh.Bandit))})
	}
	for red := runemarket.RansomRunes; red >= 0; red-- {
		blue := runemarket.RansomRunes - red
		if offered(func(m runemarket.Step) bool {
			return m.Do == runemarket.DoRansom && m.Runes != nil && m.Runes.Red == red && m.Runes.Blue == blue
		}) {
			vm.RansomPays = append(vm.RansomPays, RMOption{Value: fmt.Sprintf("%d-%d", red, blue), Label: scoring.Phrasef("%d red + %d blue runes", red, blue)})
		}
	}
	if offered(func(m runemarket.Step) bool { return m.Do == runemarket.DoRansom && m.Pay == runemarket.PayCards }) {
		vm.RansomPays = append(vm.RansomPays, RMOption{Value: "cards", Label: scoring.Phrasef("Number cards summing to %d or more", runemarket.BoatOrBanditSum)})
	}
	vm.CanDraw = offered(func(m runemarket.Step) bool { return m.Do == runemarket.DoDraw })
	if !vm.CanDraw {
		vm.DrawHint = scoring.Phrasef("Play at least 1 hand card first (rule text \"Hand cards\").")
	}
}

// rmPlaceAllLabel says what one tap does with the loose runes: all of
// the move's colour (the most the engine lets go there, m.Count) into its
// place.
func rmPlaceAllLabel(m runemarket.Step) scoring.Phrase {
	if m.Into == "boat_shelter" {
		return rmByColour(m.Colour,
			scoring.Count(m.Count, "Put the red rune into the stand-alone boat shelter", "Put the %d red runes into the stand-alone boat shelter"),
			scoring.Count(m.Count, "Put the blue rune into the stand-alone boat shelter", "Put the %d blue runes into the stand-alone boat shelter"))
	}
	return rmByColour(m.Colour,
		scoring.Count(m.Count, "Put the red rune into the red shelter", "Put the %d red runes into the red shelter"),
		scoring.Count(m.Count, "Put the blue rune into the blue shelter", "Put the %d blue runes into the blue shelter"))
}

// rmSteal labels a theft the engine offers: a rune, with how many of its
// colour the victim holds, or a hand card.
func rmSteal(pos runemarket.Position, t runemarket.Theft) RMOption {
	o := RMOption{Value: t.From + "|" + t.Take}
	for _, p := range pos.Players {
		if p.Name != t.From {
			continue
		}
		if t.Take == runemarket.TakeHandCard {
			o.Label = scoring.Phrasef("a hand card from %s (holds %d)", p.Name, p.Hand)
			return o
		}
		n := runemarket.Holding(p.Player, t.Colour)
		o.Value += "|" + t.Colour
		o.Label = rmByColour(t.Colour, scoring.Phrasef("a red rune from %s (has %d)", p.Name, n), scoring.Phrasef("a blue rune from %s (has %d)", p.Name, n))
	}
	return o
}

// endVM fills the end of the game: the ranking by the tie-break chain and
// what the table must still enter.
func endVM(vm *RMPlayVM, pos runemarket.Position) {
	for _, r := range runemarket.Ranking(pos.Final()) {
		rv := RMRankVM{Place: r.Place, Name: r.Name, Total: r.Total, Boats: r.Boats, Bandits: r.Bandits, RPS: r.RPS, Winner: r.Winner, Tied: r.Tied}
		if r.Highest != nil {
			rv.Highest = strconv.Itoa(*r.Highest)
		}
		vm.Ranking = append(vm.Ranking, rv)
	}
	need := pos.Needs()
	vm.Question = need.Phrase
	if need.Duel {
		vm.Duelists = need.Players
	} else {
		vm.NeedCards = need.Players
	}
}
