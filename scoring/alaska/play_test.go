package alaska

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// play starts a game of players (Ana first) with a pile and applies the
// steps, failing on a refusal.
func playSteps(t *testing.T, players []string, pile int, steps ...Step) Position {
	t.Helper()
	pos, serr := Start(players, Setup{DrawPile: &pile})
	if serr != nil {
		t.Fatal(serr)
	}
	for i, s := range steps {
		next, serr := pos.Apply(s)
		if serr != nil {
			t.Fatalf("step %d %+v: %v", i+1, s, serr)
		}
		pos = next
	}
	return pos
}

func salmonAt(n int) Step  { return Step{Do: DoSalmon, At: n} }
func castOf(c ...int) Step { return Step{Do: DoCast, Cards: c} }
func flow() Step           { return Step{Do: DoFlow} }
func end() Step            { return Step{Do: DoEnd} }
func place(a Angler, s int) Step {
	return Step{Do: DoAngler, Angler: a, Section: s}
}

var two = []string{"Ana", "Ben"}

func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		name   string
		before []Step
		step   Step
		code   string
		rule   string
	}{
		// Rule text "Sequence of a turn": I salmon, II flow, III the rest.
		{"salmon after a flow card (I before II)", []Step{flow()}, salmonAt(3), "phase_order", "ALA-1"},
		{"salmon after a cast (I first)", []Step{castOf(7)}, salmonAt(3), "phase_order", "ALA-1"},
		{"flow after a cast (II before III)", []Step{castOf(7)}, flow(), "phase_order", "ALA-1"},
		{"flow after an angler (II before III)", []Step{place(Local, 2)}, flow(), "phase_order", "ALA-1"},
		{"negative flow count", nil, Step{Do: DoFlow, Count: -1}, "flow_count", "ALA-1"},
		// ALA-1: sections 1–10.
		{"salmon off the river", nil, salmonAt(11), "no_section", "ALA-1"},
		{"salmon at 0", nil, salmonAt(0), "no_section", "ALA-1"},
		// ALA-1: a cast is one card or the sum of two (ALA-3: of any
		// value; one naming no section lands in open water, see below).
		{"cast of three cards", nil, castOf(1, 2, 3), "cast_cards", "ALA-1"},
		{"cast of no card", nil, castOf(), "cast_cards", "ALA-1"},
		{"card value 14 (CAM-1: 0–13)", nil, castOf(14), "card_value", "CAM-1"},
		{"a die for a cast into open water", nil, Step{Do: DoCast, Cards: []int{12}, Roll: RollSalmon}, "roll_not_needed", "ALA-1"},
		// Four hand cards (rule text "Game Setup").
		{"fifth card in one turn", []Step{salmonAt(1), salmonAt(2), salmonAt(3), salmonAt(4)}, salmonAt(5), "no_cards", "ALA-1"},
		{"two-card cast with one card left", []Step{flow(), flow(), flow()}, castOf(1, 2), "no_cards", "ALA-1"},
		{"flow cards beyond the hand", nil, Step{Do: DoFlow, Count: 5}, "no_cards", "ALA-1"},
		// ALA-4: one angler per section; only a tourist chases a local.
		{"local on a tourist", []Step{place(Tourist, 4)}, place(Local, 4), "section_taken", "ALA-4"},
		{"tourist on a tourist", []Step{place(Tourist, 4)}, place(Tourist, 4), "section_taken", "ALA-4"},
		{"local on a local", []Step{place(Local, 4)}, place(Local, 4), "section_taken", "ALA-4"},
		{"not an angler", nil, place("bear", 4), "no_angler", "ALA-1"},
		// Eagle: a salmon or an angler.
		{"eagle on an empty border", []Step{salmonAt(3)}, Step{Do: DoEagle, Salmon: 5}, "no_salmon", "ALA-1"},
		{"eagle on an empty section", []Step{place(Local, 2)}, Step{Do: DoEagle, Section: 5}, "no_angler", "ALA-1"},
		{"eagle without a target", []Step{salmonAt(3)}, Step{Do: DoEagle}, "eagle_target", "ALA-1"},
		{"eagle with two targets", []Step{salmonAt(3), place(Local, 8)}, Step{Do: DoEagle, Salmon: 3, Section: 8}, "eagle_target", "ALA-1"},
		// Bear out of turn: right after another player's catch.
		{"bear with no catch", []Step{salmonAt(3)}, Step{Do: DoBearEat, Player: "Ben"}, "nothing_to_eat", "ALA-1"},
		{"bear after a cast that missed", []Step{castOf(5)}, Step{Do: DoBearEat, Player: "Ben"}, "nothing_to_eat", "ALA-1"},
		{"bear one move too late", []Step{salmonAt(3), castOf(3), place(Local, 9)}, Step{Do: DoBearEat, Player: "Ben"}, "nothing_to_eat", "ALA-1"},
		{"bear on one's own catch", []Step{salmonAt(3), castOf(3)}, Step{Do: DoBearEat, Player: "Ana"}, "own_catch", "ALA-1"},
		{"bear from a stranger", []Step{salmonAt(3), castOf(3)}, Step{Do: DoBearEat, Player: "Zoe"}, "unknown_player", "ALA-1"},
		{"second bear on one catch", []Step{salmonAt(3), castOf(3), {Do: DoBearEat, Player: "Ben"}}, Step{Do: DoBearEat, Player: "Ben"}, "nothing_to_eat", "ALA-1"},
		// Rule text III: play at least 3 of 4 cards, keep at most 1.
		{"end keeping 2 cards", []Step{castOf(4), castOf(5)}, end(), "keep_too_many", "ALA-1"},
		{"end keeping 4 cards", nil, end(), "keep_too_many", "ALA-1"},
		{"unknown action", nil, Step{Do: "fish"}, "unknown_action", "ALA-1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos := playSteps(t, two, 10, c.before...)
			got, serr := pos.Apply(c.step)
			if serr == nil {
				t.Fatalf("accepted: %+v", got)
			}
			if serr.Code != c.code || serr.Rule != c.rule || serr.Message == "" || serr.Step != len(c.before)+1 {
				t.Errorf("got %+v, want %s (%s) at step %d", serr, c.code, c.rule, len(c.before)+1)
			}
			// The page translates a refusal by its format (river refusals
			// included), so the format must say the message.
			if serr.Phrase.Format() == "" || serr.Phrase.Format() == "%s" || fmt.Sprintf(serr.Phrase.Format(), serr.Phrase.Args()...) != serr.Message {
				t.Errorf("format %q %v does not make the message %q", serr.Phrase.Format(), serr.Phrase.Args(), serr.Message)
			}
			if got.Steps != pos.Steps || got.River != pos.River || got.Players[0] != pos.Players[0] {
				t.Errorf("a refused step changed the position")
			}
		})
	}
}

func TestPhasesOfATurn(t *testing.T) {
	pos := playSteps(t, []string{"Ana", "Ben", "Cy"}, 30)
	if pos.Phase != PhaseSalmon || pos.ToMove() != "Ana" || pos.Players[pos.Right()].Name != "Cy" {
		t.Fatalf("start: %s %s right %d", pos.Phase, pos.ToMove(), pos.Right())
	}
	// I: the player on the right (Cy, who played before Ana) places it.
	pos, _ = pos.Apply(salmonAt(10))
	if pos.River.SalmonAt(10) != 1 || pos.Players[0].Hand != 3 || !strings.HasPrefix(pos.Events[0].Text, "Cy places Ana's salmon") {
		t.Fatalf("salmon: %+v %q", pos.River, pos.Events[0].Text)
	}
	// II: salmon 10 (on 10–1) flows to 9 (on 9–10), ruling ALA-1.
	pos, _ = pos.Apply(flow())
	if pos.Phase != PhaseFlow || pos.River.SalmonAt(9) != 1 || pos.Players[0].Hand != 2 {
		t.Fatalf("flow: %s %+v", pos.Phase, pos.River)
	}
	// III: a cast of 4 + 6 hits 10 and catches it.
	pos, _ = pos.Apply(castOf(4, 6))
	if pos.Phase != PhasePlay || pos.Players[0].Salmon != 1 || pos.Players[0].Hand != 0 || pos.Hit != 10 || !pos.Eatable() {
		t.Fatalf("cast: %+v", pos)
	}
	// IV: draw back to 4; Ben's turn, Ana on his right.
	pos, _ = pos.Apply(end())
	if pos.ToMove() != "Ben" || pos.Players[0].Hand != 4 || pos.DrawPile != 26 || pos.Turn != 2 || pos.Phase != PhaseSalmon || len(pos.Before) != 4 || pos.Players[pos.Right()].Name != "Ana" {
		t.Fatalf("end: %+v", pos)
	}
	// Flow cards may come without salmon, several at once; a cast
	// straight away skips I and II.
	pos, _ = pos.Apply(Step{Do: DoFlow, Count: 2})
	if pos.Players[1].Hand != 2 || !strings.Contains(pos.Events[0].Text, "No salmon") {
		t.Errorf("empty flow: %+v", pos.Events)
	}
}

// TestRuleTextExampleCasts: "you could catch this salmon by casting a 4, a
// 5, a 1&3, or a 1&4" — a salmon across 4 and 5.
func TestRuleTextExampleCasts(t *testing.T) {
	for _, cards := range [][]int{{4}, {5}, {1, 3}, {1, 4}} {
		pos := playSteps(t, two, 10, salmonAt(4), castOf(cards...))
		if pos.Players[0].Salmon != 1 || pos.River.SalmonAt(4) != 0 {
			t.Errorf("cast %v: %+v", cards, pos.Players[0])
		}
	}
	// "If there is a salmon and an angler in the same river section, you
	// hook the angler, not the salmon": a local on 5, Ana has no salmon,
	// so the local takes pity and stays.
	pos := playSteps(t, two, 10, salmonAt(4), place(Local, 5), castOf(5))
	if pos.Players[0].Salmon != 0 || pos.River.SalmonAt(4) != 1 || pos.River.AnglerOn(5) != Local {
		t.Errorf("hooked local: %+v", pos.River)
	}
}

func TestAnglersCatchAndAreChased(t *testing.T) {
	// Ana places a tourist on 3; Ben's salmon on 2–3 flows off its
	// section (ruling ALA-2): the tourist goes home with it.
	pos := playSteps(t, two, 20, place(Tourist, 3), castOf(1), castOf(2), end(),
		salmonAt(2), flow())
	if pos.River != (River{}) || pos.PlacedBy[2] != "" || len(pos.Events[1].Catches) != 1 {
		t.Fatalf("tourist catch: %+v %+v", pos.River, pos.Events)
	}
	// A local stays after catching; a tourist on it chases it (both go).
	pos = playSteps(t, two, 20, place(Local, 3), castOf(1), castOf(2), end(),
		salmonAt(2), flow())
	if pos.River.AnglerOn(3) != Local || pos.PlacedBy[2] != "Ana" {
		t.Fatalf("local stays: %+v", pos.River)
	}
	pos, _ = pos.Apply(place(Tourist, 3))
	if pos.River.AnglerOn(3) != NoAngler || pos.PlacedBy[2] != "" || pos.Events[len(pos.Events)-1].Kind != LocalChased {
		t.Fatalf("tourist chases local: %+v", pos.Events)
	}
}

func TestHookingLocalCostsASalmon(t *testing.T) {
	// Ana catches one, then hooks the local on 7: she gives it back and
	// the local leaves the river.
	pos := playSteps(t, two, 20, salmonAt(2), place(Local, 7), castOf(2), castOf(7))
	if pos.Players[0].Salmon != 0 || pos.River.AnglerOn(7) != NoAngler || pos.Players[0].Hand != 0 {
		t.Fatalf("%+v %+v", pos.Players[0], pos.River)
	}
}

func TestHookedTouristSitsOutNextTurn(t *testing.T) {
	// Ana hooks a tourist: she loses her hand at once, the turn passes
	// without a draw, and she sits out her next turn, drawing back after.
	pos := playSteps(t, two, 20, place(Tourist, 6), castOf(6))
	if pos.ToMove() != "Ben" || pos.Players[0].Hand != 0 || !pos.Players[0].SitsOut || pos.DrawPile != 20 {
		t.Fatalf("after the hook: %+v", pos)
	}
	if !strings.Contains(pos.Before[1].Text, "Ana loses all remaining hand cards and sits out the next turn") {
		t.Errorf("the hook is told: %+v", pos.Before)
	}
	pos = playSteps(t, two, 20, place(Tourist, 6), castOf(6), castOf(1), castOf(2), castOf(3), end())
	if pos.ToMove() != "Ana" || pos.Phase != PhaseSitOut {
		t.Fatalf("Ana's turn: %s %s", pos.ToMove(), pos.Phase)
	}
	if _, serr := pos.Apply(salmonAt(3)); serr == nil || serr.Code != "sitting_out" {
		t.Fatalf("a move while sitting out: %v", serr)
	}
	pos, _ = pos.Apply(end())
	if pos.ToMove() != "Ben" || pos.Players[0].Hand != 4 || pos.Players[0].SitsOut || pos.DrawPile != 13 {
		t.Fatalf("after sitting out: %+v", pos)
	}
}

func TestEagleAndBear(t *testing.T) {
	pos := playSteps(t, two, 20, salmonAt(6), Step{Do: DoEagle, Salmon: 6})
	if pos.Players[0].Salmon != 1 || pos.River.SalmonAt(6) != 0 || !pos.Eatable() {
		t.Fatalf("eagle catch: %+v", pos)
	}
	// Ben's bear eats the eagle's catch too (it is Ana's catch).
	pos, serr := pos.Apply(Step{Do: DoBearEat, Player: "ben"})
	if serr != nil || pos.Players[0].Salmon != 0 || pos.Players[1].Hand != 3 {
		t.Fatalf("bear eats: %+v %v", pos.Players, serr)
	}
	// The bear on one's turn clears every angler.
	pos = playSteps(t, two, 20, place(Local, 1), place(Tourist, 5), Step{Do: DoBear})
	if pos.River.Anglers != ([Sections]Angler{}) || pos.PlacedBy != ([Sections]string{}) || pos.Players[0].Hand != 1 {
		t.Fatalf("bear clears: %+v", pos.River)
	}
	// An eagle with nothing in the river flies off (no move is stuck).
	pos = playSteps(t, two, 20, Step{Do: DoEagle})
	if pos.Players[0].Hand != 3 {
		t.Fatalf("empty eagle: %+v", pos)
	}
}

func TestFinalRound(t *testing.T) {
	// Pile of 5: Ana draws 4, Ben draws the last one. Then each plays a
	// final turn with every card (rule text "End of game").
	ana := []Step{castOf(1), castOf(2), castOf(3), castOf(4), end()}
	ben := []Step{castOf(1), castOf(2), castOf(3), end()}
	pos := playSteps(t, two, 5, append(ana, ben...)...)
	if !pos.LastRound || pos.TurnsLeft != 2 || pos.DrawPile != 0 || pos.ToMove() != "Ana" || pos.Players[1].Hand != 2 {
		t.Fatalf("last round: %+v", pos)
	}
	kept, _ := pos.Apply(castOf(5))
	if _, serr := kept.Apply(end()); serr == nil || serr.Code != "final_turn_cards" || serr.Rule != "ALA-1" {
		t.Fatalf("keeping a card in the final turn: %v", serr)
	}
	for _, s := range ana {
		pos, _ = pos.Apply(s)
	}
	if pos.Over() || pos.ToMove() != "Ben" || pos.TurnsLeft != 1 {
		t.Fatalf("Ben's final turn: %+v", pos)
	}
	pos, _ = pos.Apply(castOf(6))
	pos, _ = pos.Apply(castOf(7))
	pos, serr := pos.Apply(end())
	if serr != nil || !pos.Over() || pos.ToMove() != "" || pos.Phase != PhaseOver {
		t.Fatalf("over: %+v %v", pos, serr)
	}
	// An empty pile at the start: one turn each.
	pos = playSteps(t, two, 0, ana...)
	if pos.Over() || !pos.LastRound || pos.TurnsLeft != 1 {
		t.Fatalf("pile 0: %+v", pos)
	}
}

func TestApplyLeavesTheReceiverAlone(t *testing.T) {
	pos := playSteps(t, two, 10, salmonAt(3))
	before := pos.clone()
	_, _ = pos.Apply(castOf(3))
	_, _ = pos.Apply(end())
	if pos.River != before.River || pos.Players[0] != before.Players[0] || len(pos.Events) != len(before.Events) {
		t.Errorf("Apply changed its receiver")
	}
}

// TestDiceVariation: "If you are fishing in a place in the river where
// there is an angler and a salmon, you must roll the dice once ... If you
// roll the rune sign for the salmon, you catch it."
func TestDiceVariation(t *testing.T) {
	pile := 20
	start := func() Position {
		pos, serr := Start(two, Setup{DrawPile: &pile, Dice: true})
		if serr != nil {
			t.Fatal(serr)
		}
		pos, _ = pos.Apply(salmonAt(4))
		pos, _ = pos.Apply(place(Tourist, 5))
		return pos
	}
	if _, serr := start().Apply(castOf(5)); serr == nil || serr.Code != "roll_missing" || serr.Rule != "ALA-1" {
		t.Fatalf("no roll: %v", serr)
	}
	pos, serr := start().Apply(Step{Do: DoCast, Cards: []int{5}, Roll: RollSalmon})
	if serr != nil || pos.Players[0].Salmon != 1 || pos.River.SalmonAt(4) != 0 || pos.River.AnglerOn(5) != Tourist || !pos.Eatable() {
		t.Fatalf("salmon rolled: %+v %v", pos, serr)
	}
	pos, serr = start().Apply(Step{Do: DoCast, Cards: []int{5}, Roll: RollAngler})
	if serr != nil || !pos.Players[0].SitsOut || pos.ToMove() != "Ben" || pos.River.SalmonAt(4) != 1 {
		t.Fatalf("angler rolled: %+v %v", pos, serr)
	}
	// No die where only one of them is, nor without the variation.
	if _, serr := start().Apply(Step{Do: DoCast, Cards: []int{4}, Roll: RollSalmon}); serr == nil || serr.Code != "roll_not_needed" {
		t.Fatalf("roll on a salmon alone: %v", serr)
	}
	plain := playSteps(t, two, 20, salmonAt(4), place(Tourist, 5))
	if _, serr := plain.Apply(Step{Do: DoCast, Cards: []int{5}, Roll: RollSalmon}); serr == nil || serr.Code != "roll_not_needed" {
		t.Fatalf("roll without the variation: %v", serr)
	}
}

// TestMovesToldAsFormats: every move's text is its sentences, each kept
// as a format and arguments (the page tells them in German), with only
// numbers and player names as arguments.
func TestMovesToldAsFormats(t *testing.T) {
	pos := playSteps(t, two, 10)
	var told []Event
	for _, s := range []Step{
		salmonAt(4), place(Local, 5), castOf(4), {Do: DoBearEat, Player: "Ben"}, end(), // Ana
		salmonAt(8), {Do: DoFlow, Count: 2}, end(), // Ben
		place(Tourist, 7), {Do: DoEagle, Section: 5}, castOf(3), end(), // Ana
	} {
		next, serr := pos.Apply(s)
		if serr != nil {
			t.Fatalf("%+v: %v", s, serr)
		}
		if len(next.Events) > 0 {
			told = append(told, next.Events[len(next.Events)-1])
		} else {
			told = append(told, next.Before[len(next.Before)-1])
		}
		pos = next
	}
	if len(told) != 12 {
		t.Fatalf("%d moves told", len(told))
	}
	for _, e := range told {
		if len(e.Lines) == 0 {
			t.Errorf("%s %q has no sentences", e.Kind, e.Text)
		}
		var lines []string
		for _, l := range e.Lines {
			lines = append(lines, fmt.Sprintf(l.Format(), l.Args()...))
			for _, a := range l.Args() {
				switch a := a.(type) {
				case int:
				case scoring.Name: // a player's name, never looked up in a catalog
					if a != "Ana" && a != "Ben" {
						t.Errorf("%q takes %q, which is not a player", l.Format(), a)
					}
				default:
					t.Errorf("%q takes %T %v", l.Format(), a, a)
				}
			}
		}
		if got := strings.Join(lines, " "); got != e.Text {
			t.Errorf("sentences %q, text %q", got, e.Text)
		}
	}
}

// Ruling ALA-2 in guided play, both readings: Ben's salmon falls on 4–5
// beside the local Ana placed on 4. With the default ("swim past") it stays
// beside the local through the first flow (onto 3–4) and is caught by the
// second, which carries it off section 4; with angler_catch "on_contact"
// the first flow already gives it to the local.
func TestGuidedFlowReadingsALA2(t *testing.T) {
	for _, c := range []struct {
		opts          Options
		afterFirst    int // salmon in the river after the first flow
		caughtOnFlow  int // which flow card of the two caught it
		firstFlowText string
	}{
		{Options{}, 1, 2, "The salmon on 3–4 lies beside the local in section 4; the flow that carries it off section 4 gives it to the local."},
		{Options{AnglerCatch: OnContact}, 0, 1, "The local on 4 catches the salmon on 4–5"},
	} {
		t.Run("angler_catch="+c.opts.AnglerCatch, func(t *testing.T) {
			pile := 20
			pos, err := Start(two, Setup{DrawPile: &pile, Options: c.opts})
			if err != nil {
				t.Fatal(err)
			}
			var serr *StepError
			for _, s := range []Step{place(Local, 4), castOf(1), castOf(2), end(), salmonAt(4)} {
				if pos, serr = pos.Apply(s); serr != nil {
					t.Fatal(serr)
				}
			}
			placed := pos.Events[len(pos.Events)-1].Text
			if !c.opts.OnContact() && !strings.Contains(placed, "It lies beside the local in section 4") {
				t.Errorf("placed: %q", placed)
			}
			pos, serr = pos.Apply(flow())
			if serr != nil {
				t.Fatal(serr)
			}
			n := 0
			for _, k := range pos.River.Salmon {
				n += k
			}
			if e := pos.Events[len(pos.Events)-1]; n != c.afterFirst || !strings.Contains(e.Text, c.firstFlowText) {
				t.Fatalf("after one flow: %d salmon, %q", n, e.Text)
			}
			pos, serr = pos.Apply(flow())
			if serr != nil {
				t.Fatal(serr)
			}
			var caught []Catch
			for _, e := range pos.Events {
				caught = append(caught, e.Catches...)
			}
			if len(caught) != 1 || pos.River != river(nil, map[int]Angler{4: Local}) {
				t.Fatalf("catches %+v river %+v", caught, pos.River)
			}
			if flows := 1 + len(pos.Events[len(pos.Events)-1].Catches); (c.caughtOnFlow == 2) != (flows == 2) {
				t.Errorf("caught on the wrong flow: %+v", pos.Events)
			}
			// The option goes with the score request of the finished game.
			if pos.State().Options != c.opts {
				t.Errorf("state options %+v", pos.State().Options)
			}
		})
	}
}

// Ruling ALA-3 in guided play: "Every yellow number card can be cast (a
// player must play at least 3 cards). A cast whose value or two-card sum
// names no river section (0, or above 10) lands in open water: it catches
// and hooks nothing, and the cards go to the discard pile." A hand of 11,
// 12, 13 and 13 is played and the turn ends (it could never end before).
func TestOpenWaterCastsALA3(t *testing.T) {
	pos := playSteps(t, two, 10, castOf(11), castOf(12, 13))
	last := pos.Events[len(pos.Events)-1]
	if last.Kind != OpenWater || last.Text != "Ana casts 12 + 13. The cast of 25 lands in open water (the river sections are numbered 1 to 10): it catches and hooks nothing, and the cards go to the discard pile." {
		t.Fatalf("open water: %+v", last)
	}
	pos, serr := pos.Apply(castOf(13))
	if serr != nil || pos.Players[0].Hand != 0 || pos.Players[0].Salmon != 0 || pos.Hit != 0 || pos.Eatable() || pos.Players[0].SitsOut {
		t.Fatalf("after the casts: %v %+v", serr, pos)
	}
	pos, serr = pos.Apply(end())
	if serr != nil || pos.ToMove() != "Ben" || pos.Players[0].Hand != 4 {
		t.Fatalf("the turn ends: %v %+v", serr, pos)
	}
	// A cast of 0 too, with a card of 0 in a pair summing to a section.
	pos = playSteps(t, two, 10, salmonAt(4), castOf(0), castOf(0, 4))
	if pos.Players[0].Salmon != 1 || pos.Events[1].Kind != OpenWater || pos.Events[2].Kind != Caught {
		t.Errorf("0 and 0 + 4: %+v", pos.Events)
	}
	// With the dice variation no die is rolled for open water.
	pile := 10
	dice, _ := Start(two, Setup{DrawPile: &pile, Dice: true})
	if _, serr := dice.Apply(castOf(11)); serr != nil {
		t.Errorf("open water with dice: %v", serr)
	}
}

// TestMovesAreTheLegalSteps: Moves lists the steps Apply plays, and
// random games played with the moves offered, by 2 to 4 players with and
// without the dice variation, end once everyone had the final turn.
// Steps not among the moves are refused, except a pair of cards in the
// other order (listed once, smaller first).
func TestMovesAreTheLegalSteps(t *testing.T) {
	start := func(players []string, dice bool) Position {
		pile := 12
		pos, err := Start(players, Setup{DrawPile: &pile, Dice: dice})
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}
	p := start(two, false)
	moves := p.Moves()
	// Phase I with 4 cards: a salmon on each of the 10 borders, 1 to 4 flow
	// cards, the casts, the anglers, the bear and the eagle on an empty
	// river; the turn cannot end with 4 cards in hand.
	count := func(do Action) int {
		n := 0
		for _, m := range moves {
			if m.Do == do {
				n++
			}
		}
		return n
	}
	if count(DoSalmon) != Sections || count(DoFlow) != HandSize || count(DoAngler) != 2*Sections || count(DoBear) != 1 || count(DoEnd) != 0 {
		t.Errorf("start: %d salmon, %d flows, %d anglers, %d bears, %d ends", count(DoSalmon), count(DoFlow), count(DoAngler), count(DoBear), count(DoEnd))
	}
	if want := (MaxCard + 1) + (MaxCard+1)*(MaxCard+2)/2; count(DoCast) != want {
		t.Errorf("%d casts, want every card and every pair: %d", count(DoCast), want)
	}
	for _, s := range []Step{{Do: DoFlow, Count: HandSize + 1}, {Do: DoCast, Cards: []int{1, 2, 3}}, {Do: DoCast, Cards: []int{14}},
		{Do: DoSalmon, At: 11}, {Do: DoEagle, Salmon: 3}, {Do: DoBearEat, Player: "Ben"}, {Do: DoEnd}, {Do: "swim"}} {
		if _, serr := p.Apply(s); serr == nil {
			t.Errorf("%+v is accepted but not listed", s)
		}
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for game := range 12 {
		players := []string{"Ana", "Ben", "Cy", "Dee"}[:2+game%3]
		end := scoringtest.Playout(t, Engine{}, Rules{}, start(players, game%2 == 1), 2000, func(_ Position, moves []Step) (Step, bool) {
			return moves[rng.IntN(len(moves))], true
		}, nil)
		if !end.Over() {
			t.Fatalf("game %d is not over", game)
		}
	}
}

// hookedExample is docs/api-alaska-play.md's "Turns without an end step":
// Ana places a tourist on section 3; Ben's cast of a 3 hooks it, which
// ends Ben's turn on the spot (no end step); Ana plays her turn; Ben's
// next turn is sat out, a single end that draws back to 4.
const hookedExample = `{"players": ["Ana", "Ben"], "steps": [
  {"do": "angler", "angler": "tourist", "section": 3}, {"do": "cast", "cards": [1]},
  {"do": "cast", "cards": [2]}, {"do": "end"},
  {"do": "cast", "cards": [3]},
  {"do": "cast", "cards": [4]}, {"do": "cast", "cards": [5]}, {"do": "cast", "cards": [6]}, {"do": "end"},
  {"do": "end"},
  {"do": "cast", "cards": [7]}]}`

// TestHookedTouristAndSatOutTurn: rule text "Hooking a tourist" as the
// play API documents it — the hooking cast ends the caster's turn with no
// end step, and the turn the caster sits out is a single end.
func TestHookedTouristAndSatOutTurn(t *testing.T) {
	var req struct {
		Players []string          `json:"players"`
		Steps   []json.RawMessage `json:"steps"`
	}
	if err := json.Unmarshal([]byte(hookedExample), &req); err != nil {
		t.Fatal(err)
	}
	upTo := func(n int) PlayState {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"players": req.Players, "steps": req.Steps[:n]})
		ans, err := Engine{}.Replay(b)
		if err != nil || !ans.Valid {
			t.Fatalf("%d steps: %+v %v", n, ans.Errors, err)
		}
		return ans.State
	}
	if s := upTo(5); s.Player != "Ana" || !s.Players[1].SitsOut || s.Players[1].Hand != 0 {
		t.Errorf("after the hooking cast: %s to move, Ben sits out %v with %d cards; want Ana, Ben out with none", s.Player, s.Players[1].SitsOut, s.Players[1].Hand)
	}
	if s := upTo(9); s.Player != "Ben" {
		t.Errorf("after Ana's turn: %s to move", s.Player)
	}
	b, _ := json.Marshal(map[string]any{"players": req.Players, "steps": append(append([]json.RawMessage{}, req.Steps[:9]...), json.RawMessage(`{"do":"cast","cards":[8]}`))})
	if ans, _ := (Engine{}).Replay(b); ans.Valid || ans.Errors[0].Code != "sitting_out" {
		t.Errorf("a cast in a turn sat out: %+v", ans.Errors)
	}
	if s := upTo(10); s.Player != "Ana" || s.Players[1].Hand != 4 || s.Players[1].SitsOut {
		t.Errorf("after the sat-out end: %s to move, Ben holds %d", s.Player, s.Players[1].Hand)
	}
	if s := upTo(11); s.Turn != 5 {
		t.Errorf("turn %d, want 5", s.Turn)
	}
}
