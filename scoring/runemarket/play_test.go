package runemarket

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring/scoringtest"
)

var three = []string{"Ana", "Ben", "Cy"}

// owed gives Ana a red shelter with a rune: her turn starts with interest
// to take (phase 1), not taken by itself.
func owed(p *Position) { p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 1}} }

func ip(v int) *int { return &v }

// at builds a 3-player position (Ana starts, market 10 red, 10 blue, 2
// boat shelters, 2 bandits) with the seats changed by edit, at the start
// of Ana's turn as those seats make it: phase 1, or phase 2 when there is
// no interest to take (taken by itself).
func at(t *testing.T, edit func(p *Position)) Position {
	t.Helper()
	p, err := Start(three, Market{Red: 10, Blue: 10, BoatShelters: 2, Bandits: 2}, "Ana")
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(&p)
		p = p.Begin()
	}
	return p
}

// afterInterest is at() with Ana's interest taken (phase 2).
func afterInterest(t *testing.T, edit func(p *Position)) Position {
	t.Helper()
	p := at(t, edit)
	n, err := p.Apply(Step{Do: DoInterest})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestStart(t *testing.T) {
	tests := []struct {
		name    string
		players []string
		market  Market
		first   string
		code    string
	}{
		{"three players", three, Market{Red: 5, Blue: 5}, "ben", ""},
		{"one player (RUN-1: 2–5)", []string{"Ana"}, Market{Red: 5}, "Ana", "player_count"},
		{"six players (RUN-1: 2–5)", []string{"A", "B", "C", "D", "E", "F"}, Market{Red: 5}, "A", "player_count"},
		{"empty market: the game would be over", three, Market{BoatShelters: 2}, "Ana", "market_empty"},
		{"negative pile", three, Market{Red: 5, Bandits: -1}, "Ana", "negative_count"},
		{"first player not at the table", three, Market{Red: 5}, "Dan", "unknown_player"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, startErr := Start(tt.players, tt.market, tt.first)
			err, _ := startErr.(*StepError)
			if code(err) != tt.code {
				t.Fatalf("code %q, want %q (%v)", code(err), tt.code, err)
			}
			if err == nil {
				// Nobody has a shelter yet: no interest, taken by itself.
				if p.ToMove() != "Ben" || p.Phase != PhasePurchases || !p.Interest.Skipped || p.Players[0].Hand != HandSize {
					t.Errorf("start: %+v", p)
				}
			} else if err.Rule == "" || err.Step != 0 {
				t.Errorf("setup error %+v lacks its rule or is not step 0", err)
			}
		})
	}
}

func code(err *StepError) string {
	if err == nil {
		return ""
	}
	return err.Code
}

func TestApplyRefusals(t *testing.T) {
	withShelters := func(p *Position) {
		p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 1}}
		p.Players[0].Runes = Runes{Red: 3, Blue: 1}
		p.Players[1].Shelters = []Shelter{{Colour: Blue, Runes: 2, BoatShelter: true}}
	}
	tests := []struct {
		name string
		pos  func(t *testing.T) Position
		step Step
		code string
		rule string
	}{
		{"buy before interest", func(t *testing.T) Position { return at(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Red}, "interest_first", "RUN-1"},
		{"interest twice", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoInterest}, "interest_taken", "RUN-1"},
		{"unknown item", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: "dragon", Pay: Red}, "unknown_item", "RUN-1"},
		{"3 players: 3 runes of one colour, not 2 red + 1 blue", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) {
				withShelters(p)
				p.Players[0].Shelters = nil
				p.Players[0].Runes = Runes{Red: 2, Blue: 1}
			})
		}, Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: Blue}, "cannot_pay", "RUN-1"},
		{"runes in a bandit's shelter are frozen", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) {
				p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 6, Bandit: "Cy"}}
			})
		}, Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Alone}, "cannot_pay", "RUN-1"},
		{"no payment named", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBoatShelter, Into: Red}, "no_payment", "RUN-1"},
		{"21+ in number cards, not 20", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBoatShelter, Cards: []int{10, 10}, Into: Red}, "cards_sum", "RUN-1"},
		{"a number card above 13", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBoatShelter, Cards: []int{14, 10}, Into: Red}, "card_value", "CAM-1"},
		{"more cards than in hand", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoRune, Colour: Red, Cards: []int{1, 1, 1, 2}}, "hand_size", "RUN-1"},
		{"both payments", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Cards: []int{13, 10}, Into: Red}, "two_payments", "RUN-1"},
		{"market out of bandits", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { withShelters(p); p.Market.Bandits = 0 })
		}, Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: Blue}, "market_out", "RUN-1"},
		{"bandit in one's own shelter", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ana", Shelter: Red}, "bandit_target", "RUN-2"},
		{"bandit where there is no main shelter", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Cy", Shelter: Red}, "bandit_target", "RUN-2"},
		{"bandit where there is no stand-alone boat shelter", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Cy", Shelter: StandAlone}, "bandit_target", "RUN-2"},
		{"bandit into a stand-alone boat shelter of another colour", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) {
				withShelters(p)
				p.Players[2].BoatShelters = []BoatShelter{{Colour: Blue, Runes: 1}}
			})
		}, Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Cy", Shelter: StandAlone, Colour: Red}, "bandit_target", "RUN-2"},
		{"bandit into a boat shelter named by no colour", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { withShelters(p); p.Players[2].BoatShelters = []BoatShelter{{}} })
		}, Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Cy", Shelter: StandAlone, Colour: "green"}, "bandit_target", "RUN-2"},
		{"second bandit in a shelter", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { withShelters(p); p.Players[1].Shelters[0].Bandit = "Cy" })
		}, Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: Blue}, "bandit_target", "RUN-1"},
		{"bandit victim unknown", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Dan", Shelter: Blue}, "unknown_player", "RUN-1"},
		{"boat shelter alone beside both main shelters", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) {
				withShelters(p)
				p.Players[0].Shelters = append(p.Players[0].Shelters, Shelter{Colour: Blue})
			})
		}, Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Alone}, "boat_shelter_place", "RUN-1"},
		{"second boat shelter in one main shelter: no triple interest", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { withShelters(p); p.Players[0].Shelters[0].BoatShelter = true })
		}, Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Red}, "boat_shelter_place", "RUN-1"},
		{"boat shelter into a missing main shelter", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Blue}, "boat_shelter_place", "RUN-1"},
		{"runes after the first hand card", func(t *testing.T) Position {
			p := afterInterest(t, withShelters)
			p, _ = p.Apply(Step{Do: DoShelter, Colour: Blue})
			return p
		}, Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Red}, "runes_after_hand_card", "RUN-1"},
		{"rune for 11", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoRune, Colour: Red, Cards: []int{5, 6}}, "cards_sum", "RUN-1"},
		{"rune for 20", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoRune, Colour: Blue, Cards: []int{10, 10}}, "cards_sum", "RUN-1"},
		{"rune without cards", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoRune, Colour: Blue}, "cards_sum", "RUN-1"},
		{"rune of no colour", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoRune, Colour: "green", Cards: []int{5}}, "rune_colour", "RUN-1"},
		{"market out of blue runes", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { p.Market.Blue = 0 })
		}, Step{Do: DoRune, Colour: Blue, Cards: []int{5}}, "market_out", "RUN-1"},
		{"second red shelter", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoShelter, Colour: Red}, "shelter_limit", "RUN-1"},
		{"thief steals twice", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoThief, Steal: []Theft{{From: "Ben", Take: TakeHandCard}, {From: "Cy", Take: TakeHandCard}}}, "steal_count", "RUN-1"},
		{"double theft steals once", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoDoubleTheft, Steal: []Theft{{From: "Ben", Take: TakeHandCard}}}, "steal_count", "RUN-1"},
		{"steal from oneself", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoThief, Steal: []Theft{{From: "Ana", Take: TakeRune, Colour: Red}}}, "steal_from", "RUN-1"},
		{"steal a rune the victim lacks", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoThief, Steal: []Theft{{From: "Cy", Take: TakeRune, Colour: Red}}}, "steal_nothing", "RUN-1"},
		{"steal a hand card from an empty hand", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { p.Players[2].Hand = 0 })
		}, Step{Do: DoThief, Steal: []Theft{{From: "Cy", Take: TakeHandCard}}}, "steal_nothing", "RUN-1"},
		{"steal something else", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoThief, Steal: []Theft{{From: "Ben", Take: "shoe"}}}, "steal_what", "RUN-1"},
		{"duel oneself", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoDuel, Player: "Ana", Card: ip(7)}, "duel_target", "RUN-1"},
		{"duel without a card", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoDuel, Player: "Ben"}, "duel_card", "RUN-1"},
		{"duel the same player twice in a turn", func(t *testing.T) Position {
			p := afterInterest(t, nil)
			p, _ = p.Apply(Step{Do: DoDuel, Player: "Ben", Card: ip(3), Defence: ip(9)})
			return p
		}, Step{Do: DoDuel, Player: "Ben", Card: ip(12), Won: true, Steal: []Theft{{From: "Ben", Take: TakeHandCard}}}, "duel_repeat", "RUN-1"},
		{"defence lower than the attack", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoDuel, Player: "Ben", Card: ip(9), Defence: ip(4)}, "duel_defence", "RUN-1"},
		{"a won attack shows no defence", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoDuel, Player: "Ben", Card: ip(9), Won: true, Defence: ip(4), Steal: []Theft{{From: "Ben", Take: TakeHandCard}}}, "duel_defence", "RUN-1"},
		{"a lost attack steals nothing", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoDuel, Player: "Ben", Card: ip(9), Steal: []Theft{{From: "Ben", Take: TakeHandCard}}}, "steal_count", "RUN-1"},
		{"draw without playing a hand card", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoDraw}, "hand_card_required", "RUN-1"},
		{"draw before interest", func(t *testing.T) Position { return at(t, owed) },
			Step{Do: DoDraw}, "interest_first", "RUN-1"},
		{"ransom without a bandit", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoRansom, Shelter: Red, Runes: &Runes{Red: 3}}, "no_bandit", "RUN-1"},
		{"ransom of 2 runes", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { withShelters(p); p.Players[0].Shelters[0].Bandit = "Ben" })
		}, Step{Do: DoRansom, Shelter: Red, Runes: &Runes{Red: 2}}, "ransom_runes", "RUN-1"},
		{"ransom from runes inside the affected shelter", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) {
				p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 5, Bandit: "Ben"}}
				p.Players[0].Runes = Runes{Red: 1}
			})
		}, Step{Do: DoRansom, Shelter: Red, Runes: &Runes{Red: 3}}, "cannot_pay", "RUN-1"},
		{"ransom in cards below 21", func(t *testing.T) Position {
			return afterInterest(t, func(p *Position) { withShelters(p); p.Players[0].Shelters[0].Bandit = "Ben" })
		}, Step{Do: DoRansom, Shelter: Red, Cards: []int{13, 7}}, "cards_sum", "RUN-1"},
		{"place more runes than lie loose", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoPlace, Colour: Blue, Count: 2}, "place_runes", "RUN-1"},
		{"place blue runes with no blue shelter", func(t *testing.T) Position { return afterInterest(t, withShelters) },
			Step{Do: DoPlace, Colour: Blue, Count: 1}, "place_shelter", "RUN-1"},
		{"tie-break facts during the game", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: DoFinish, RPSWinner: "Ana"}, "not_ended", "RUN-1"},
		{"unknown action", func(t *testing.T) Position { return afterInterest(t, nil) },
			Step{Do: "dance"}, "unknown_action", "RUN-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pos(t)
			before := p.clone()
			_, err := p.Apply(tt.step)
			if code(err) != tt.code {
				t.Fatalf("code %q, want %q (%v)", code(err), tt.code, err)
			}
			if err.Rule != tt.rule || err.Message == "" || err.Step != p.Steps+1 {
				t.Errorf("error %+v: want rule %s, a message and step %d", err, tt.rule, p.Steps+1)
			}
			// A refused step leaves the position as it was.
			if p.Market != before.Market || p.Phase != before.Phase || p.Players[0].Hand != before.Players[0].Hand ||
				p.Players[0].Runes != before.Players[0].Runes {
				t.Errorf("the refused step changed its receiver")
			}
		})
	}
}

func TestInterestPhase(t *testing.T) {
	p := afterInterest(t, func(p *Position) {
		p.Market.Red = 1 // the market runs short: only 1 of the 2 red runes
		p.Players[0].Shelters = []Shelter{
			{Colour: Red, Runes: 2, BoatShelter: true},
			{Colour: Blue, Runes: 3, Bandit: "Cy"}}
		p.Players[0].BoatShelters = []BoatShelter{}
	})
	ana := p.Players[0]
	if ana.Shelters[0].Runes != 3 || ana.Shelters[1].Runes != 2 || p.Players[2].Runes.Blue != 1 {
		t.Errorf("after interest: Ana %+v, Cy %+v", ana.Shelters, p.Players[2].Runes)
	}
	if p.Phase != PhasePurchases || p.Interest == nil || p.Interest.Interest.Red != 2 {
		t.Errorf("phase %s, report %+v", p.Phase, p.Interest)
	}
	// The market had only 1 red rune: the blue ones keep the game going.
	if p.Ended() || p.Market.Red != 0 || p.Market.Blue != 10 {
		t.Errorf("phase %s, market %+v", p.Phase, p.Market)
	}

	// An emptied shelter with a bandit is abandoned, the bandit back to the market.
	q := afterInterest(t, func(p *Position) {
		p.Players[0].Shelters = []Shelter{{Colour: Red, Bandit: "Ben"}}
	})
	if len(q.Players[0].Shelters) != 0 || q.Market.Bandits != 3 {
		t.Errorf("abandoned shelter: %+v, market %+v", q.Players[0].Shelters, q.Market)
	}

	// A stand-alone boat shelter earns 1 rune as a main shelter.
	r := afterInterest(t, func(p *Position) {
		p.Players[0].BoatShelters = []BoatShelter{{Colour: Blue, Runes: 1}}
	})
	if r.Players[0].BoatShelters[0].Runes != 2 || r.Market.Blue != 9 {
		t.Errorf("stand-alone boat: %+v", r.Players[0].BoatShelters)
	}
}

func TestPurchases(t *testing.T) {
	base := func(p *Position) {
		p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 2}}
		p.Players[0].Runes = Runes{Red: 2}
		p.Players[1].Shelters = []Shelter{{Colour: Blue, Runes: 2, BoatShelter: true}}
	}
	// 3 players: 3 runes (RUN-1); loose runes go first, the shelter keeps 1.
	p := afterInterest(t, base) // interest: +1 red into the red shelter (3)
	n, err := p.Apply(Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: Blue})
	if err != nil {
		t.Fatal(err)
	}
	ben := n.Players[1].Shelters[0]
	if ben.Bandit != "Ana" || ben.BoatShelter || n.Market.BoatShelters != 3 || n.Market.Bandits != 1 {
		t.Errorf("bandit destroys the boat shelter: %+v market %+v", ben, n.Market)
	}
	if ana := n.Players[0]; ana.Runes.Red != 0 || ana.Shelters[0].Runes != 2 || n.Market.Red != 10-1+3 {
		t.Errorf("paid: %+v market %+v", ana, n.Market)
	}
	// Prices by player count (RUN-1): 2 players 4, 4–5 players 2.
	for _, tt := range []struct {
		players []string
		price   int
	}{{[]string{"A", "B"}, 4}, {[]string{"A", "B", "C", "D"}, 2}, {[]string{"A", "B", "C", "D", "E"}, 2}} {
		p, _ := Start(tt.players, Market{Red: 9, BoatShelters: 1}, "A")
		p.Players[0].Runes.Red = tt.price
		p, _ = p.Apply(Step{Do: DoInterest})
		if _, err := p.Apply(Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Alone}); err != nil {
			t.Errorf("%d players, %d runes: %v", len(tt.players), tt.price, err)
		}
		p.Players[0].Runes.Red--
		if _, err := p.Apply(Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Alone}); code(err) != "cannot_pay" {
			t.Errorf("%d players, %d runes: %v", len(tt.players), tt.price-1, err)
		}
	}
	// Number cards summing to 21+ buy a boat shelter as a hand card play.
	m, err := p.Apply(Step{Do: DoBuy, Item: ItemBoatShelter, Cards: []int{13, 8}, Into: Red})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Players[0].Shelters[0].BoatShelter || m.Phase != PhaseHand || m.Players[0].Hand != 1 || m.Market.BoatShelters != 1 {
		t.Errorf("boat by cards: %+v phase %s", m.Players[0], m.Phase)
	}
}

func TestHandCards(t *testing.T) {
	base := func(p *Position) {
		p.Players[1].Shelters = []Shelter{{Colour: Blue, Runes: 2, Bandit: "Cy"}}
		p.Players[1].Runes = Runes{Blue: 1}
	}
	p := afterInterest(t, base)
	// Rune buys: exactly 5, 10 or 15 (RUN-1).
	for _, cards := range [][]int{{5}, {3, 7}, {13, 2}} {
		n, err := p.Apply(Step{Do: DoRune, Colour: Red, Cards: cards})
		if err != nil {
			t.Fatalf("%v: %v", cards, err)
		}
		if n.Players[0].Runes.Red != 1 || n.Market.Red != 9 || n.Players[0].Hand != 3-len(cards) || n.Phase != PhaseHand {
			t.Errorf("%v: %+v", cards, n.Players[0])
		}
	}
	// A shelter played to the table; a stand-alone red boat shelter moves in with its runes.
	q := afterInterest(t, func(p *Position) { p.Players[0].BoatShelters = []BoatShelter{{Colour: Red, Runes: 2}} })
	q, err := q.Apply(Step{Do: DoShelter, Colour: Red})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Shelter{Colour: Red, Runes: 3, BoatShelter: true}); len(q.Players[0].BoatShelters) != 0 || q.Players[0].Shelters[0] != want {
		t.Errorf("shelter over a boat shelter: %+v", q.Players[0])
	}
	// A thief takes loose runes first, frozen ones too when nothing else is left.
	n, err := p.Apply(Step{Do: DoDoubleTheft, Steal: []Theft{{From: "Ben", Take: TakeRune, Colour: Blue}, {From: "ben", Take: TakeRune, Colour: Blue}}})
	if err != nil {
		t.Fatal(err)
	}
	if b := n.Players[1]; b.Runes.Blue != 0 || b.Shelters[0].Runes != 1 || n.Players[0].Runes.Blue != 2 {
		t.Errorf("double theft: Ben %+v, Ana %+v", b, n.Players[0].Runes)
	}
	// A stolen hand card changes hands.
	n, err = p.Apply(Step{Do: DoThief, Steal: []Theft{{From: "Cy", Take: TakeHandCard}}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Players[0].Hand != 3 || n.Players[2].Hand != 2 {
		t.Errorf("hand card stolen: Ana %d, Cy %d", n.Players[0].Hand, n.Players[2].Hand)
	}
	// Duels: a lost attack discards the attacker's card only; a won one steals;
	// each opponent once per turn, another opponent is fine.
	n, err = p.Apply(Step{Do: DoDuel, Player: "Ben", Card: ip(6), Defence: ip(6)})
	if err != nil {
		t.Fatal(err)
	}
	if n.Players[0].Hand != 2 || n.Players[1].Hand != 3 {
		t.Errorf("lost duel: %d %d", n.Players[0].Hand, n.Players[1].Hand)
	}
	n, err = n.Apply(Step{Do: DoDuel, Player: "Cy", Card: ip(11), Won: true, Steal: []Theft{{From: "Cy", Take: TakeHandCard}}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Players[0].Hand != 2 || n.Players[2].Hand != 2 {
		t.Errorf("won duel: %d %d", n.Players[0].Hand, n.Players[2].Hand)
	}
	// A defender with no rune and no hand card gives up with nothing to steal.
	if _, err := afterInterest(t, func(p *Position) { p.Players[2].Hand = 0 }).Apply(Step{Do: DoDuel, Player: "Cy", Card: ip(1), Won: true}); err != nil {
		t.Errorf("won duel against an empty-handed defender: %v", err)
	}
	// Draw back to 3; the turn passes to the left and the duels reset.
	n, err = n.Apply(Step{Do: DoDraw})
	if err != nil {
		t.Fatal(err)
	}
	if n.Players[0].Hand != 3 || n.ToMove() != "Ben" || n.Phase != PhaseInterest || len(n.Attacked) != 0 || n.Turn != 2 {
		t.Errorf("after the draw: %+v", n)
	}
	// Ben's turn: Cy's bandit takes a rune instead of interest; Ben pays the
	// ransom in number cards and the bandit goes back to the market.
	n, _ = n.Apply(Step{Do: DoInterest})
	if n.Players[1].Shelters[0].Runes != 1 || n.Players[2].Runes.Blue != 1 {
		t.Errorf("bandit's take: %+v", n.Players)
	}
	n, err = n.Apply(Step{Do: DoRansom, Shelter: Blue, Cards: []int{13, 9}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Players[1].Shelters[0].Bandit != "" || n.Market.Bandits != 3 || n.Phase != PhaseHand {
		t.Errorf("ransom: %+v %+v", n.Players[1], n.Market)
	}
	// A hand emptied by thieves may draw without playing.
	e := afterInterest(t, func(p *Position) { p.Players[0].Hand = 0 })
	if _, err := e.Apply(Step{Do: DoDraw}); err != nil {
		t.Errorf("empty hand cannot draw: %v", err)
	}
}

func TestRansomInRunes(t *testing.T) {
	p := afterInterest(t, func(p *Position) {
		p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 4, Bandit: "Ben"}, {Colour: Blue, Runes: 2}}
		p.Players[0].Runes = Runes{Red: 1}
	})
	// Interest: red shelter loses 1 to Ben, blue +1 = 3.
	n, err := p.Apply(Step{Do: DoRansom, Shelter: Red, Runes: &Runes{Red: 1, Blue: 2}})
	if err != nil {
		t.Fatal(err)
	}
	ana := n.Players[0]
	if ana.Shelters[0].Bandit != "" || ana.Shelters[0].Runes != 3 || ana.Shelters[1].Runes != 1 || ana.Runes.Red != 0 || n.Phase != PhasePurchases {
		t.Errorf("ransom in runes: %+v phase %s", ana, n.Phase)
	}
}

func TestPlaceRunes(t *testing.T) {
	p := afterInterest(t, func(p *Position) {
		p.Players[0].Runes = Runes{Red: 2, Blue: 1}
		p.Players[0].Shelters = []Shelter{{Colour: Red}}
		p.Players[0].BoatShelters = []BoatShelter{{}}
	})
	n, err := p.Apply(Step{Do: DoPlace, Colour: Red, Count: 2})
	if err != nil {
		t.Fatal(err)
	}
	n, err = n.Apply(Step{Do: DoPlace, Colour: Blue, Count: 1, Into: "boat_shelter"})
	if err != nil {
		t.Fatal(err)
	}
	if a := n.Players[0]; a.Shelters[0].Runes != 2 || a.BoatShelters[0] != (BoatShelter{Colour: Blue, Runes: 1}) || a.Runes != (Runes{}) {
		t.Errorf("placed: %+v", a)
	}
}

func TestGameEndsWithTheLastRune(t *testing.T) {
	p := afterInterest(t, func(p *Position) {
		p.Market = Market{Red: 1}
		p.Players[1].Runes = Runes{Blue: 1}
	})
	n, err := p.Apply(Step{Do: DoRune, Colour: Red, Cards: []int{10}})
	if err != nil {
		t.Fatal(err)
	}
	// Ana and Ben tie on 1 point: no boat shelters or bandits differ, so
	// the highest number card in hand is asked for (RUN-1, G-2).
	if !n.Ended() || n.Over() || n.ToMove() != "" {
		t.Fatalf("after the last rune: phase %s", n.Phase)
	}
	need := n.Needs()
	if need.Duel || len(need.Players) != 2 || !strings.Contains(need.Question, "Ana and Ben tie on 1 point with") {
		t.Errorf("needs %+v", need)
	}
	if _, err := n.Apply(Step{Do: DoDraw}); code(err) != "after_game_end" {
		t.Errorf("move after the end: %v", err)
	}
	if _, err := n.Apply(Step{Do: DoFinish}); code(err) != "tie_break_open" || err.Rule != "G-2" ||
		err.Message != need.Question || len(err.Phrase.Args()) != 1 || !reflect.DeepEqual(err.Phrase.Args()[0], need.Phrase) {
		t.Errorf("empty tie-break: %+v (the message is the open question %q)", err, need.Question)
	}
	if need.Phrase.String() != need.Question {
		t.Errorf("the question's phrase reads %q", need.Phrase.String())
	}
	if _, err := n.Apply(Step{Do: DoFinish, HighestNumberCards: map[string]int{"Ana": 14}}); code(err) != "card_value" {
		t.Errorf("card 14: %v", err)
	}
	// Ruling G-2: the tied players stay tied until the facts asked for
	// are entered. A finish with some of them is refused and says what
	// is still missing; nothing of it is recorded.
	if _, err := n.Apply(Step{Do: DoFinish, HighestNumberCards: map[string]int{"Ana": 8}}); code(err) != "tie_break_open" || err.Warning ||
		!strings.Contains(err.Message, "enter the highest number card in hand for Ben") {
		t.Errorf("Ana's card only: %+v", err)
	}
	// Every card asked for, equal: the finish is played, and its warning
	// says the duel is asked now (the game stays open, and says so).
	m, err := n.Apply(Step{Do: DoFinish, HighestNumberCards: map[string]int{"Ana": 8, "ben": 8}})
	if code(err) != "tie_break_open" || !err.Warning || !strings.Contains(err.Message, "enter the winner of rock-paper-scissors") {
		t.Fatalf("equal cards: %+v", err)
	}
	if m.Over() || !m.Needs().Duel || *m.Players[1].HighestNumberCard != 8 {
		t.Fatalf("equal cards: %+v", m.Needs())
	}
	// A duel's winner entered with the cards finishes at once.
	if o, err := n.Apply(Step{Do: DoFinish, HighestNumberCards: map[string]int{"Ana": 8, "Ben": 8}, RPSWinner: "Ana"}); err != nil || !o.Over() {
		t.Errorf("cards and duel at once: %v", err)
	}
	if _, err := m.Apply(Step{Do: DoFinish, RPSWinner: "Cy"}); code(err) != "rps_winner" {
		t.Errorf("Cy is not tied: %v", err)
	}
	o, err := m.Apply(Step{Do: DoFinish, RPSWinner: "ben"})
	if err != nil || !o.Over() {
		t.Fatalf("rps: %v %s", err, o.Phase)
	}
	res := Score(o.Final())
	if !res.Valid || len(res.Winners) != 1 || res.Winners[0] != "Ben" {
		t.Errorf("final: %+v", res)
	}
	if _, err := o.Apply(Step{Do: DoFinish, RPSWinner: "Ana"}); code(err) != "after_game_end" {
		t.Errorf("after the end: %v", err)
	}
	// Without a tie nothing is asked: the table confirms the ranking.
	p.Players[1].Runes = Runes{}
	n, _ = p.Apply(Step{Do: DoRune, Colour: Red, Cards: []int{5}})
	if n.Over() || n.Needs().Question != "" {
		t.Errorf("no tie: phase %s, needs %+v", n.Phase, n.Needs())
	}
	if o, err := n.Apply(Step{Do: DoFinish}); err != nil || !o.Over() {
		t.Errorf("finish: %v", err)
	}
}

func TestRanking(t *testing.T) {
	tests := []struct {
		name   string
		state  string
		order  []string
		places []int
	}{
		{"points first", `{"players":[{"name":"Ana","runes":{"red":1}},{"name":"Ben","runes":{"red":3}},{"name":"Cy","runes":{"blue":2}}]}`,
			[]string{"Ben", "Cy", "Ana"}, []int{1, 2, 3}},
		{"I. more boat shelters wins", `{"players":[{"name":"Ana","runes":{"red":3}},{"name":"Ben","runes":{"red":2},"boat_shelters":[{}]}]}`,
			[]string{"Ben", "Ana"}, []int{1, 2}},
		{"II. more bandits loses", `{"players":[{"name":"Ana","shelters":[{"colour":"red","runes":4,"bandit":"Ben"}]},{"name":"Ben","runes":{"red":3}}]}`,
			[]string{"Ben", "Ana"}, []int{1, 2}},
		{"III. highest number card", `{"players":[{"name":"Ana","runes":{"red":3},"highest_number_card":4},{"name":"Ben","runes":{"red":3},"highest_number_card":9}]}`,
			[]string{"Ben", "Ana"}, []int{1, 2}},
		{"IV. rock-paper-scissors", `{"players":[{"name":"Ana","runes":{"red":3},"highest_number_card":9},{"name":"Ben","runes":{"red":3},"highest_number_card":9}],"options":{"rps_winner":"Ben"}}`,
			[]string{"Ben", "Ana"}, []int{1, 2}},
		{"still tied: shared place", `{"players":[{"name":"Ana","runes":{"red":3}},{"name":"Ben","runes":{"red":3}},{"name":"Cy"}]}`,
			[]string{"Ana", "Ben", "Cy"}, []int{1, 1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Decode([]byte(tt.state))
			if err != nil {
				t.Fatal(err)
			}
			var order []string
			var places []int
			for _, r := range Ranking(s) {
				order = append(order, r.Name)
				places = append(places, r.Place)
			}
			if !slices.Equal(order, tt.order) || !slices.Equal(places, tt.places) {
				t.Errorf("order %v places %v, want %v %v", order, places, tt.order, tt.places)
			}
			if r := Ranking(s); !r[0].Winner {
				t.Errorf("first place %s is not a winner", r[0].Name)
			}
		})
	}
}

// TestRefusalWording: refusals keep their format and arguments (a page
// translates the format), and the messages that were reworded into one
// format per case read as before.
func TestRefusalWording(t *testing.T) {
	oneCard := func(p *Position) { p.Players[0].Hand = 1 }
	tests := []struct {
		name   string
		pos    Position
		step   Step
		format string
		want   string
	}{
		{"draw before interest", at(t, owed), Step{Do: DoDraw},
			"take the interest first (phase 1), then draw", "take the interest first (phase 1), then draw"},
		{"buy before interest", at(t, owed), Step{Do: DoBuy, Item: ItemBandit},
			"take the interest first (phase 1), then buy", "take the interest first (phase 1), then buy"},
		{"place before interest", at(t, owed), Step{Do: DoPlace},
			"take the interest first (phase 1), then place runes", "take the interest first (phase 1), then place runes"},
		{"ransom before interest", at(t, owed), Step{Do: DoRansom},
			"take the interest first (phase 1), then pay a ransom", "take the interest first (phase 1), then pay a ransom"},
		{"hand card before interest", at(t, owed), Step{Do: DoThief},
			"take the interest first (phase 1), then play hand cards", "take the interest first (phase 1), then play hand cards"},
		{"no boat shelter left", afterInterest(t, func(p *Position) { p.Market.BoatShelters = 0 }), Step{Do: DoBuy, Item: ItemBoatShelter},
			"the market has no boat shelter left", "the market has no boat shelter left"},
		{"no bandit left", afterInterest(t, func(p *Position) { p.Market.Bandits = 0 }), Step{Do: DoBuy, Item: ItemBandit},
			"the market has no bandit left", "the market has no bandit left"},
		{"bandit paid with too few cards", afterInterest(t, nil), Step{Do: DoBuy, Item: ItemBandit, Cards: []int{9, 8}},
			"%s costs number cards summing to %d or more, not %d", "a bandit costs number cards summing to 21 or more, not 17"},
		{"boat shelter without payment", afterInterest(t, nil), Step{Do: DoBuy, Item: ItemBoatShelter},
			"%s costs %d runes of one colour (red or blue) or number cards summing to %d+: say which",
			"a boat shelter costs 3 runes of one colour (red or blue) or number cards summing to 21+: say which"},
		{"more cards than 1 in hand", afterInterest(t, oneCard), Step{Do: DoRune, Colour: Red, Cards: []int{2, 3}},
			"%s holds 1 hand card, not %d", "Ana holds 1 hand card, not 2"},
		{"more cards than 3 in hand", afterInterest(t, nil), Step{Do: DoRune, Colour: Red, Cards: []int{1, 1, 1, 2}},
			"%s holds %d hand cards, not %d", "Ana holds 3 hand cards, not 4"},
		{"thief steals twice", afterInterest(t, nil), Step{Do: DoThief, Steal: []Theft{{From: "Ben", Take: TakeHandCard}, {From: "Cy", Take: TakeHandCard}}},
			"a thief card steals 1 rune or hand card, not %d", "a thief card steals 1 rune or hand card, not 2"},
		{"double theft steals once", afterInterest(t, nil), Step{Do: DoDoubleTheft, Steal: []Theft{{From: "Ben", Take: TakeHandCard}}},
			"a shelter played as a double theft card steals 2 rune or hand cards, not %d", "a shelter played as a double theft card steals 2 rune or hand cards, not 1"},
		{"won duel steals twice", afterInterest(t, nil), Step{Do: DoDuel, Player: "Ben", Card: ip(9), Won: true, Steal: []Theft{{From: "Ben", Take: TakeHandCard}, {From: "Ben", Take: TakeHandCard}}},
			"a won duel steals 1 rune or hand card, not %d", "a won duel steals 1 rune or hand card, not 2"},
		{"bandit into no shelter", afterInterest(t, nil), Step{Do: DoBuy, Item: ItemBandit, Cards: []int{13, 8}, Player: "Ben"},
			"%s has no %s main shelter for the bandit", "Ben has no (red or blue) main shelter for the bandit"},
		{"bandit into no stand-alone boat shelter", afterInterest(t, nil), Step{Do: DoBuy, Item: ItemBandit, Cards: []int{13, 8}, Player: "Ben", Shelter: StandAlone},
			"%s has no stand-alone boat shelter without a rune for the bandit", "Ben has no stand-alone boat shelter without a rune for the bandit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.pos.Apply(tt.step)
			if err == nil {
				t.Fatal("not refused")
			}
			if err.Phrase.Format() != tt.format || err.Message != tt.want {
				t.Errorf("format %q, message %q; want %q, %q", err.Phrase.Format(), err.Message, tt.format, tt.want)
			}
		})
	}
	_, startErr := Start([]string{"Ana"}, Market{Red: 1}, "Ana")
	if err, ok := startErr.(*StepError); !ok || err.Step != 0 ||
		err.Message != "The Rune Market is played by 2 to 5 players, not 1" || len(err.Phrase.Args()) != 3 {
		t.Errorf("setup refusal: %+v", startErr)
	}
}

// TestInterestFrom: the shelters behind the interest report's yields as
// they stood before phase 1, for a page to word the reasons.
func TestInterestFrom(t *testing.T) {
	p := at(t, func(p *Position) {
		p.Players[0].Shelters = []Shelter{{Colour: Red, Runes: 2, BoatShelter: true}, {Colour: Blue, Runes: 1, Bandit: "Ben"}}
		p.Players[0].BoatShelters = []BoatShelter{}
	})
	if got := YieldSources(p.Players[0].Player); !slices.Equal(got, []YieldSource{{Runes: 2}, {Runes: 1}}) {
		t.Errorf("sources before interest: %+v", got)
	}
	n, err := p.Apply(Step{Do: DoInterest})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(n.InterestFrom, []YieldSource{{Runes: 2}, {Runes: 1}}) || len(n.Interest.Yields) != 2 {
		t.Errorf("after interest: %+v, %+v", n.InterestFrom, n.Interest)
	}
	if p.InterestFrom != nil {
		t.Errorf("Apply changed its receiver")
	}
	if n, err = n.Apply(Step{Do: DoRune, Colour: Red, Cards: []int{5}}); err != nil {
		t.Fatal(err)
	}
	// Ben has no shelter: his report is the empty one, taken by itself.
	if n, _ = n.Apply(Step{Do: DoDraw}); len(n.InterestFrom) != 0 || !n.Interest.Skipped || len(n.Interest.Yields) != 0 || n.Turn != 2 {
		t.Errorf("the next turn keeps the last report: %+v", n.InterestFrom)
	}
	alone := at(t, func(p *Position) { p.Players[0].BoatShelters = []BoatShelter{{Colour: Blue, Runes: 3}} })
	if got := YieldSources(alone.Players[0].Player); !slices.Equal(got, []YieldSource{{Runes: 3, Alone: true}}) {
		t.Errorf("stand-alone boat shelter: %+v", got)
	}
}

// Ruling RUN-2 from its words: "A bandit may be placed in any shelter of
// another player, a stand-alone boat shelter included, even one that holds
// no rune yet and so has no colour. A bandit that finds a boat shelter
// destroys it: the boat shelter goes back to the market. When the
// destroyed boat shelter stood alone, the bandit has no shelter left to sit
// in and goes back to the market too; the runes that were in the boat
// shelter stay with their owner, outside any shelter (they still score,
// earn no interest, and can be stolen)."
func TestBanditInAStandAloneBoatShelterRUN2(t *testing.T) {
	tests := []struct {
		name    string
		ben     func(p *Seat)
		step    Step
		shelter []BoatShelter // Ben's stand-alone boat shelters after
		mains   []Shelter     // Ben's main shelters after
		loose   Runes         // Ben's loose runes after
		bandits int           // bandits in the market after (2 before)
		boats   int           // boat shelters in the market after (2 before)
	}{
		{"a stand-alone boat shelter with runes: both go back, the runes stay loose",
			func(p *Seat) { p.BoatShelters = []BoatShelter{{Colour: Red, Runes: 2}} },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: StandAlone, Colour: Red},
			[]BoatShelter{}, nil, Runes{Red: 2}, 2, 3},
		{"one that holds no rune yet and so has no colour",
			func(p *Seat) { p.BoatShelters = []BoatShelter{{}} },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: StandAlone},
			[]BoatShelter{}, nil, Runes{}, 2, 3},
		{"the other stand-alone boat shelter stays",
			func(p *Seat) { p.BoatShelters = []BoatShelter{{Colour: Red, Runes: 1}, {Colour: Blue, Runes: 3}} },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: StandAlone, Colour: Blue},
			[]BoatShelter{{Colour: Red, Runes: 1}}, nil, Runes{Blue: 3}, 2, 3},
		{"beside a main shelter",
			func(p *Seat) {
				p.Shelters = []Shelter{{Colour: Red, Runes: 1}}
				p.BoatShelters = []BoatShelter{{Colour: Blue, Runes: 1}}
			},
			Step{Do: DoBuy, Item: ItemBandit, Cards: []int{13, 8}, Player: "Ben", Shelter: StandAlone, Colour: Blue},
			[]BoatShelter{}, []Shelter{{Colour: Red, Runes: 1}}, Runes{Blue: 1}, 2, 3},
		{"a boat shelter in a main shelter: destroyed, the bandit stays",
			func(p *Seat) { p.Shelters = []Shelter{{Colour: Blue, Runes: 2, BoatShelter: true}} },
			Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: Blue},
			nil, []Shelter{{Colour: Blue, Runes: 2, Bandit: "Ana"}}, Runes{}, 1, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := afterInterest(t, func(p *Position) {
				p.Players[0].Runes = Runes{Red: 3}
				tt.ben(&p.Players[1])
			})
			// The page offers exactly what the engine takes.
			found := false
			for _, bt := range p.BanditTargets() {
				found = found || (bt.Player == "Ben" && bt.Shelter == tt.step.Shelter && bt.Colour == tt.step.Colour && bt.DestroysBoat)
			}
			if !found {
				t.Errorf("BanditTargets %+v does not list the target", p.BanditTargets())
			}
			snap := slices.Clone(p.Players[1].BoatShelters)
			n, err := p.Apply(tt.step)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(p.Players[1].BoatShelters, snap) {
				t.Error("Apply changed its receiver's boat shelters")
			}
			ben := n.Players[1]
			if len(ben.BoatShelters) != len(tt.shelter) || (len(tt.shelter) > 0 && !reflect.DeepEqual(ben.BoatShelters, tt.shelter)) ||
				len(ben.Shelters) != len(tt.mains) || (len(tt.mains) > 0 && !reflect.DeepEqual(ben.Shelters, tt.mains)) || ben.Runes != tt.loose {
				t.Errorf("Ben after: %+v", ben.Player)
			}
			if n.Market.Bandits != tt.bandits || n.Market.BoatShelters != tt.boats {
				t.Errorf("market %+v, want %d bandits and %d boat shelters", n.Market, tt.bandits, tt.boats)
			}
		})
	}
	// The runes left loose still score, earn no interest and can be
	// stolen; the destroyed boat shelter's point is gone.
	p := afterInterest(t, func(p *Position) {
		p.Players[0].Runes = Runes{Red: 3}
		p.Players[1].BoatShelters = []BoatShelter{{Colour: Blue, Runes: 2}}
	})
	before := Score(State{Players: []Player{p.Players[1].Player}}).Players[0].Total
	n, err := p.Apply(Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: StandAlone, Colour: Blue})
	if err != nil {
		t.Fatal(err)
	}
	if after := Score(State{Players: []Player{n.Players[1].Player}}).Players[0].Total; before != 3 || after != 2 {
		t.Errorf("Ben's points %d → %d, want 3 (2 runes + the boat shelter) → 2", before, after)
	}
	if r := Interest(n.Players[1].Player); r.Interest != (Runes{}) {
		t.Errorf("loose runes earn interest: %+v", r)
	}
	if _, err := n.Apply(Step{Do: DoThief, Steal: []Theft{{From: "Ben", Take: TakeRune, Colour: Blue}}}); err != nil {
		t.Errorf("the loose runes cannot be stolen: %v", err)
	}
	// A player with only a boat shelter is no longer immune to bandits.
	only := afterInterest(t, func(p *Position) { p.Players[2].BoatShelters = []BoatShelter{{}} })
	if tg := only.BanditTargets(); len(tg) != 1 || tg[0] != (BanditTarget{Player: "Cy", Shelter: StandAlone, DestroysBoat: true}) {
		t.Errorf("targets %+v", tg)
	}
}

// TestMovesAreTheLegalMoves: Moves lists the moves the rules allow; each
// one Apply takes as it is, and each that leaves the table to name its
// cards (a purchase or ransom paid with number cards, a rune bought, a
// duel) is one Apply takes once they are named. Random games of 2 to 5
// players played with the moves offered reach the end and its tie-break.
func TestMovesAreTheLegalMoves(t *testing.T) {
	thirteen, eight, five := 13, 8, 5
	complete := func(s Step) Step {
		switch {
		case s.Pay == PayCards:
			s.Pay, s.Cards = "", []int{thirteen, eight}
		case s.Do == DoRune:
			s.Cards = []int{five}
		case s.Do == DoDuel:
			s.Card = &five
		}
		return s
	}
	open := func(s Step) bool { return s.Pay == PayCards || s.Do == DoRune || s.Do == DoDuel }
	rng := rand.New(rand.NewPCG(15, 16))
	ended := 0
	for game := range 20 {
		players := []string{"Ana", "Ben", "Cy", "Dee", "Eve"}[:2+game%4]
		p, err := Start(players, Market{Red: 5, Blue: 5, BoatShelters: 3, Bandits: 3}, "Ana")
		if err != nil {
			t.Fatal(err)
		}
		end := scoringtest.Playout(t, Engine{}, Rules{}, p, 4000, func(_ Position, moves []Step) (Step, bool) {
			return complete(moves[rng.IntN(len(moves))]), true
		}, func(p Position, moves []Step) {
			for _, m := range moves {
				if _, err := p.Apply(complete(m)); err != nil {
					t.Fatalf("turn %d, %s: the engine offers %+v but refuses it: %s", p.Turn, p.Phase, m, err.Message)
				}
				if _, err := p.Apply(m); !open(m) && err != nil {
					t.Fatalf("turn %d, %s: the engine offers %+v but refuses it: %s", p.Turn, p.Phase, m, err.Message)
				}
			}
			// Shelters, thefts and runes placed are offered exactly when the
			// rules allow them.
			has := func(ok func(Step) bool) bool { return slices.ContainsFunc(moves, ok) }
			for _, c := range []string{Red, Blue, "green"} {
				_, err := p.Apply(Step{Do: DoShelter, Colour: c})
				if offered := has(func(m Step) bool { return m.Do == DoShelter && m.Colour == c }); offered != (err == nil) {
					t.Fatalf("turn %d: shelter %s offered %v, refused %v", p.Turn, c, offered, err)
				}
				for _, into := range []string{"shelter", "boat_shelter"} {
					_, err := p.Apply(Step{Do: DoPlace, Colour: c, Into: into, Count: 1})
					if offered := has(func(m Step) bool { return m.Do == DoPlace && m.Colour == c && m.Into == into }); offered != (err == nil) {
						t.Fatalf("turn %d: placing %s runes into the %s offered %v, refused %v", p.Turn, c, into, offered, err)
					}
				}
			}
			for _, o := range p.Players {
				for _, th := range []Theft{{From: o.Name, Take: TakeRune, Colour: Red}, {From: o.Name, Take: TakeRune, Colour: Blue}, {From: o.Name, Take: TakeHandCard}} {
					_, err := p.Apply(Step{Do: DoThief, Steal: []Theft{th}})
					if offered := has(func(m Step) bool { return m.Do == DoThief && m.Steal[0] == th }); offered != (err == nil) {
						t.Fatalf("turn %d: stealing %+v offered %v, refused %v", p.Turn, th, offered, err)
					}
				}
			}
			// Drawing back is offered exactly when the rules allow it.
			if offered := slices.ContainsFunc(moves, func(m Step) bool { return m.Do == DoDraw }); p.Phase != PhaseEnd {
				if _, err := p.Apply(Step{Do: DoDraw}); offered != (err == nil) {
					t.Fatalf("turn %d: draw offered %v, refused %v", p.Turn, offered, err)
				}
			}
		})
		if end.Over() {
			ended++
		}
	}
	if ended < 15 {
		t.Errorf("only %d of 20 random games ended", ended)
	}
}
