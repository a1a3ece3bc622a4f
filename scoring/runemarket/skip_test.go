package runemarket

import (
	"slices"
	"testing"
)

// TestNothingToTakeIsTakenByItself: phase 1 is "If you have a Shelter or
// Boat Shelter with at least one rune in it … you can collect 1 Rune" and
// a bandit's shelter "will transfer a rune" (rule text "Interest",
// "Bandit"). When nothing of that happens the phase has nothing to decide:
// the turn starts at phase 2 with the empty report, marked Skipped, and no
// interest step is offered.
func TestNothingToTakeIsTakenByItself(t *testing.T) {
	tests := []struct {
		name string
		ben  Player // Ben's table, whose turn comes after Ana's draw
		skip bool
	}{
		{"no shelter", Player{}, true},
		{"an empty shelter", Player{Shelters: []Shelter{{Colour: Red}}}, true},
		{"an uncoloured stand-alone boat shelter", Player{BoatShelters: []BoatShelter{{}}}, true},
		{"only loose runes", Player{Runes: Runes{Red: 2}}, true},
		{"a shelter with a rune earns 1", Player{Shelters: []Shelter{{Colour: Blue, Runes: 1}}}, false},
		{"a stand-alone boat shelter with a rune earns 1", Player{BoatShelters: []BoatShelter{{Colour: Red, Runes: 1}}}, false},
		{"a bandit moves a rune", Player{Shelters: []Shelter{{Colour: Red, Runes: 2, Bandit: "Cy"}}}, false},
		{"a bandit's empty shelter is abandoned", Player{Shelters: []Shelter{{Colour: Red, Bandit: "Cy"}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := at(t, func(p *Position) {
				tt.ben.Name = "Ben"
				p.Players[1].Player = tt.ben
			})
			p, err := p.Apply(Step{Do: DoRune, Colour: Red, Cards: []int{5}})
			if err != nil {
				t.Fatal(err)
			}
			before := p
			if p, err = p.Apply(Step{Do: DoDraw}); err != nil {
				t.Fatal(err)
			}
			if p.ToMove() != "Ben" || p.Turn != 2 {
				t.Fatalf("after the draw: %s to move, turn %d", p.ToMove(), p.Turn)
			}
			offered := slices.ContainsFunc(p.Moves(), func(s Step) bool { return s.Do == DoInterest })
			if !tt.skip {
				if p.Phase != PhaseInterest || p.Interest != nil || !offered {
					t.Errorf("phase %s, report %+v, interest offered %v: want phase 1 to take", p.Phase, p.Interest, offered)
				}
				if got := before.Describe(Step{Do: DoDraw}).String(); got != "Ana drew back to 3" {
					t.Errorf("the draw is named %q", got)
				}
				return
			}
			if p.Phase != PhasePurchases || p.Interest == nil || !p.Interest.Skipped || p.Interest.Sum.String() != "No interest this turn." || offered {
				t.Errorf("phase %s, report %+v, interest offered %v: want it taken by itself", p.Phase, p.Interest, offered)
			}
			if p.Market != before.Market {
				t.Errorf("the market changed: %+v, was %+v", p.Market, before.Market)
			}
			if got := before.Describe(Step{Do: DoDraw}).String(); got != "Ana drew back to 3; Ben has no interest this turn: skipped" {
				t.Errorf("the draw is named %q", got)
			}
		})
	}
}

// TestRecordedInterestAfterASkip: a table recorded before the interest was
// taken by itself holds an interest step at the start of such a turn; it
// replays, changing nothing but the step count. A second one, or one after
// another move, is refused as a second interest.
func TestRecordedInterestAfterASkip(t *testing.T) {
	p := at(t, nil)
	n, err := p.Apply(Step{Do: DoInterest})
	if err != nil {
		t.Fatalf("the interest of an old log is refused: %v", err)
	}
	if n.Steps != p.Steps+1 || n.Phase != PhasePurchases || n.Market != p.Market || !n.Interest.Skipped {
		t.Errorf("the recorded interest changed the position: %+v", n)
	}
	if _, err := n.Apply(Step{Do: DoInterest}); code(err) != "interest_taken" {
		t.Errorf("a second interest: %v, want interest_taken", err)
	}
	m, err := p.Apply(Step{Do: DoShelter, Colour: Red})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Apply(Step{Do: DoInterest}); code(err) != "interest_taken" {
		t.Errorf("an interest after a hand card: %v, want interest_taken", err)
	}
}

// TestDescribe names each kind of move as the last move line says it.
func TestDescribe(t *testing.T) {
	p := afterInterest(t, func(p *Position) {
		p.Players[0].Runes = Runes{Red: 3}
		p.Players[0].Shelters = []Shelter{{Colour: Red}}
	})
	for _, tt := range []struct {
		step Step
		want string
	}{
		{Step{Do: DoBuy, Item: ItemBoatShelter, Pay: Red, Into: Red}, "Ana bought a boat shelter with red runes"},
		{Step{Do: DoBuy, Item: ItemBoatShelter, Cards: []int{13, 8}, Into: Alone}, "Ana bought a boat shelter with number cards"},
		{Step{Do: DoBuy, Item: ItemBandit, Pay: Red, Player: "Ben", Shelter: Red}, "Ana bought a bandit and put it into Ben’s shelter"},
		{Step{Do: DoPlace, Colour: Red, Into: "shelter", Count: 2}, "Ana put 2 red runes into a shelter"},
		{Step{Do: DoPlace, Colour: Blue, Into: "shelter", Count: 1}, "Ana put 1 blue rune into a shelter"},
		{Step{Do: DoRune, Colour: Blue, Cards: []int{10}}, "Ana bought a blue rune with number cards"},
		{Step{Do: DoShelter, Colour: Blue}, "Ana played a blue shelter"},
		{Step{Do: DoThief}, "Ana played a thief card"},
		{Step{Do: DoDoubleTheft}, "Ana played a shelter as a double theft"},
		{Step{Do: DoDuel, Player: "Cy", Won: true}, "Ana challenged Cy to a duel and won"},
		{Step{Do: DoDuel, Player: "Cy"}, "Ana challenged Cy to a duel and lost"},
		{Step{Do: DoRansom, Shelter: Blue}, "Ana paid the ransom: the blue shelter is free of its bandit"},
		{Step{Do: DoInterest}, "Ana took the interest"},
	} {
		if got := p.Describe(tt.step).String(); got != tt.want {
			t.Errorf("%+v is named %q, want %q", tt.step, got, tt.want)
		}
	}
}
