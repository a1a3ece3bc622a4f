package alaska

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// river builds a river: salmon by lower section, anglers by section.
func river(salmon []int, anglers map[int]Angler) River {
	var r River
	for _, n := range salmon {
		r.Salmon[n-1]++
	}
	for s, a := range anglers {
		r.Anglers[s-1] = a
	}
	return r
}

func TestRing(t *testing.T) {
	for n := 1; n <= Sections; n++ {
		if Downstream(Upstream(n)) != n {
			t.Errorf("Downstream(Upstream(%d)) = %d", n, Downstream(Upstream(n)))
		}
	}
	if lo, hi := Covers(10); lo != 10 || hi != 1 {
		t.Errorf("salmon 10 lies on %d and %d, want 10 and 1 (10 borders 1)", lo, hi)
	}
	if Downstream(1) != 10 || Upstream(10) != 1 || Downstream(5) != 4 {
		t.Error("the ring is wrong")
	}
}

func castOptions(opts []CastOption) []string {
	var out []string
	for _, o := range opts {
		s := ""
		for i, c := range o.Cards {
			if i > 0 {
				s += "&"
			}
			s += strconv.Itoa(c)
		}
		out = append(out, s)
	}
	return out
}

// The rule text: "In this illustration you could catch this salmon by
// casting a 4, a 5, a 1&3, or a 1&4" — a salmon on sections 4 and 5, with a
// hand of 1, 3, 4, 5.
func TestCastsForRuleExample(t *testing.T) {
	r := river([]int{4}, nil)
	got, err := CastsFor(r, 4, []int{5, 1, 4, 3})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"4", "5", "1&3", "1&4"}; !slices.Equal(castOptions(got), want) {
		t.Errorf("casts = %v, want %v", castOptions(got), want)
	}
	for _, o := range got {
		if o.Section != 4 && o.Section != 5 {
			t.Errorf("%v hits %d", o.Cards, o.Section)
		}
	}
}

func TestCastsFor(t *testing.T) {
	tests := []struct {
		name    string
		r       River
		n       int
		hand    []int
		want    []string
		errCode string
	}{
		{name: "any cards", r: river([]int{4}, nil), n: 4,
			want: []string{"4", "5", "1&3", "1&4", "2&2", "2&3"}},
		{name: "salmon 10 lies on 10 and 1", r: river([]int{10}, nil), n: 10,
			want: []string{"1", "10", "1&9", "2&8", "3&7", "4&6", "5&5"}},
		{name: "salmon 9 on 9 and 10, from a hand", r: river(nil, nil), n: 9, hand: []int{9, 9, 1, 8, 2, 12},
			want: []string{"9", "1&8", "1&9", "2&8"}},
		{name: "an angler's section is left out", r: river([]int{4}, map[int]Angler{5: Local}), n: 4, hand: []int{1, 3, 4, 5},
			want: []string{"4", "1&3"}},
		{name: "both sections taken", r: river([]int{4}, map[int]Angler{4: Tourist, 5: Local}), n: 4, want: nil},
		{name: "a zero card adds nothing", r: river(nil, nil), n: 2, hand: []int{0, 3}, want: []string{"3", "0&3"}},
		{name: "no such salmon", n: 11, errCode: "no_section"},
		{name: "no such card", n: 3, hand: []int{14}, errCode: "card_value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CastsFor(tt.r, tt.n, tt.hand)
			if code := moveCode(err); code != tt.errCode {
				t.Fatalf("error %v, want code %q", err, tt.errCode)
			}
			if !slices.Equal(castOptions(got), tt.want) {
				t.Errorf("casts = %v, want %v", castOptions(got), tt.want)
			}
		})
	}
}

func moveCode(err error) string {
	var me *MoveError
	if errors.As(err, &me) {
		return me.Code
	}
	if err != nil {
		return "not a MoveError: " + err.Error()
	}
	return ""
}

func TestCastSection(t *testing.T) {
	tests := []struct {
		cards   []int
		want    int
		errCode string
	}{
		{[]int{4}, 4, ""},
		{[]int{1, 3}, 4, ""},
		{[]int{4, 6}, 10, ""},
		{[]int{5, 6}, 0, "no_section"}, // 11: no river card
		{[]int{12}, 0, "no_section"},
		{[]int{0}, 0, "no_section"},
		{[]int{14}, 0, "card_value"},
		{[]int{1, 2, 3}, 0, "cast_cards"},
		{nil, 0, "cast_cards"},
	}
	for _, tt := range tests {
		got, err := CastSection(tt.cards...)
		if got != tt.want || moveCode(err) != tt.errCode {
			t.Errorf("CastSection(%v) = %d, %v; want %d, %q", tt.cards, got, err, tt.want, tt.errCode)
		}
	}
}

func TestCast(t *testing.T) {
	// The rule text's illustration of occupied sections: anglers on 6 and
	// 2, and a salmon sharing river card 2 with its angler.
	occupied := river([]int{2, 8}, map[int]Angler{6: Tourist, 2: Local})
	tests := []struct {
		name     string
		r        River
		s, owned int
		kind     Kind
		gained   int
		penalty  bool // lose hand and skip turn
		after    River
		text     string
	}{
		{name: "catch the salmon on 4–5 with a 4", r: river([]int{4}, nil), s: 4,
			kind: Caught, gained: 1, after: River{}, text: "You catch the salmon on 4–5"},
		{name: "catch it with a 5", r: river([]int{4}, nil), s: 5,
			kind: Caught, gained: 1, after: River{}},
		{name: "salmon 10 is caught with a 1", r: river([]int{10}, nil), s: 1,
			kind: Caught, gained: 1, after: River{}, text: "10–1"},
		{name: "empty section", r: river([]int{4}, nil), s: 7,
			kind: Nothing, after: river([]int{4}, nil), text: "catches nothing"},
		{name: "two salmon on the section: the one named by it is caught", r: river([]int{3, 4}, nil), s: 4,
			kind: Caught, gained: 1, after: river([]int{3}, nil)},
		{name: "cast a 6 into the tourist's section", r: occupied, s: 6, owned: 3,
			kind: HookedTourist, penalty: true, after: river([]int{2, 8}, map[int]Angler{2: Local}),
			text: "lose all remaining hand cards and sit out your next turn"},
		{name: "cast a 2: the local is hooked, not the salmon", r: occupied, s: 2, owned: 3,
			kind: HookedLocal, gained: -1, after: river([]int{2, 8}, map[int]Angler{6: Tourist}),
			text: "The salmon on 2–3 stays in the river."},
		{name: "cast a 2 with no salmon to give: the local stays", r: occupied, s: 2, owned: 0,
			kind: HookedLocal, after: occupied, text: "takes pity"},
		{name: "a salmon lying on 1–2 also stays under the local", r: river([]int{1}, map[int]Angler{2: Local}), s: 2, owned: 1,
			kind: HookedLocal, gained: -1, after: river([]int{1}, nil), text: "The salmon on 1–2 stays"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.r
			got, e, err := Cast(tt.r, tt.s, tt.owned)
			if err != nil {
				t.Fatal(err)
			}
			if tt.r != before {
				t.Error("Cast changed its argument")
			}
			if e.Kind != tt.kind || e.Gained != tt.gained || e.LoseHand != tt.penalty || e.SkipTurn != tt.penalty || e.Section != tt.s {
				t.Errorf("event = %+v", e)
			}
			if got != tt.after {
				t.Errorf("river = %+v, want %+v", got, tt.after)
			}
			if !strings.Contains(e.Text, tt.text) {
				t.Errorf("text = %q, want it to contain %q", e.Text, tt.text)
			}
		})
	}
	if _, _, err := Cast(River{}, 11, 0); moveCode(err) != "no_section" {
		t.Errorf("cast 11: %v", err)
	}
}

func TestFlow(t *testing.T) {
	tests := []struct {
		name    string
		r       River
		cards   int
		after   River
		catches []Catch
		text    string
	}{
		{name: "every salmon moves one section downstream", r: river([]int{4, 7, 7}, nil), cards: 1,
			after: river([]int{3, 6, 6}, nil), text: "moves one section downstream"},
		{name: "1 wraps to 10", r: river([]int{1}, nil), cards: 1, after: river([]int{10}, nil)},
		{name: "two flow cards", r: river([]int{2}, nil), cards: 2, after: river([]int{10}, nil), text: "2 sections"},
		{name: "no salmon: nothing happens", r: river(nil, map[int]Angler{3: Local}), cards: 1,
			after: river(nil, map[int]Angler{3: Local}), text: "nothing happens"},
		{name: "no flow card", r: river([]int{5}, nil), cards: 0, after: river([]int{5}, nil), text: "stands still"},
		{name: "a salmon swimming onto a tourist: both leave", r: river([]int{5}, map[int]Angler{4: Tourist}), cards: 1,
			after: River{}, catches: []Catch{{Flow: 1, Salmon: 5, Section: 4, Angler: Tourist}}, text: "goes home with it"},
		{name: "a local catches and stays", r: river([]int{5}, map[int]Angler{4: Local}), cards: 1,
			after: river(nil, map[int]Angler{4: Local}), catches: []Catch{{Flow: 1, Salmon: 5, Section: 4, Angler: Local}}, text: "and stays"},
		{name: "a local catches one salmon per flow as they come", r: river([]int{5, 6}, map[int]Angler{4: Local}), cards: 2,
			after: river(nil, map[int]Angler{4: Local}), catches: []Catch{{Flow: 1, Salmon: 5, Section: 4, Angler: Local}, {Flow: 2, Salmon: 5, Section: 4, Angler: Local}}},
		{name: "a salmon placed on an angler's section is caught at the next flow (head)", r: river([]int{4}, map[int]Angler{4: Tourist}), cards: 1,
			after: River{}, catches: []Catch{{Flow: 1, Salmon: 4, Section: 4, Angler: Tourist}}},
		{name: "a salmon placed on an angler's section is caught at the next flow (tail)", r: river([]int{3}, map[int]Angler{4: Local}), cards: 1,
			after: river(nil, map[int]Angler{4: Local}), catches: []Catch{{Flow: 1, Salmon: 3, Section: 4, Angler: Local}}},
		{name: "an angler upstream of the salmon catches nothing", r: river([]int{5}, map[int]Angler{7: Local}), cards: 1,
			after: river([]int{4}, map[int]Angler{7: Local})},
		{name: "an angler two sections downstream waits", r: river([]int{5}, map[int]Angler{3: Tourist}), cards: 1,
			after: river([]int{4}, map[int]Angler{3: Tourist})},
		{name: "the tourist the salmon lies on first takes it", r: river([]int{5}, map[int]Angler{6: Tourist, 4: Local}), cards: 1,
			after: river(nil, map[int]Angler{4: Local}), catches: []Catch{{Flow: 1, Salmon: 5, Section: 6, Angler: Tourist}}},
		{name: "a tourist takes one salmon, the lower-numbered", r: river([]int{3, 5}, map[int]Angler{4: Tourist}), cards: 1,
			after: river([]int{4}, nil), catches: []Catch{{Flow: 1, Salmon: 3, Section: 4, Angler: Tourist}}},
		{name: "across the ring", r: river([]int{1}, map[int]Angler{10: Tourist}), cards: 1,
			after: River{}, catches: []Catch{{Flow: 1, Salmon: 1, Section: 10, Angler: Tourist}}, text: "the salmon on 1–2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.r
			got, e := Flow(tt.r, tt.cards)
			if tt.r != before {
				t.Error("Flow changed its argument")
			}
			if got != tt.after {
				t.Errorf("river = %+v, want %+v", got, tt.after)
			}
			if e.Kind != Flowed || !reflect.DeepEqual(e.Catches, tt.catches) {
				t.Errorf("event = %+v, want catches %+v", e, tt.catches)
			}
			if !strings.Contains(e.Text, tt.text) {
				t.Errorf("text = %q, want it to contain %q", e.Text, tt.text)
			}
			for s := 1; s <= Sections; s++ {
				if got.AnglerOn(s) != NoAngler && len(got.SalmonOn(s)) > 0 && tt.cards > 0 {
					t.Errorf("after a flow a salmon still lies in the angler's section %d", s)
				}
			}
		})
	}
}

func TestPlace(t *testing.T) {
	r, e, err := PlaceSalmon(river(nil, map[int]Angler{2: Local}), 2)
	if err != nil || r != river([]int{2}, map[int]Angler{2: Local}) || e.Kind != SalmonPlaced || !strings.Contains(e.Text, "local's section 2") {
		t.Errorf("place salmon on a local: %+v %+v %v", r, e, err)
	}
	if _, _, err := PlaceSalmon(River{}, 0); moveCode(err) != "no_section" {
		t.Errorf("place salmon 0: %v", err)
	}
	tests := []struct {
		name    string
		r       River
		s       int
		a       Angler
		after   River
		kind    Kind
		errCode string
	}{
		{"on an empty section", River{}, 3, Tourist, river(nil, map[int]Angler{3: Tourist}), AnglerPlaced, ""},
		{"on a salmon", river([]int{3}, nil), 4, Local, river([]int{3}, map[int]Angler{4: Local}), AnglerPlaced, ""},
		{"a tourist chases a local", river(nil, map[int]Angler{3: Local}), 3, Tourist, River{}, LocalChased, ""},
		{"a local on a tourist", river(nil, map[int]Angler{3: Tourist}), 3, Local, river(nil, map[int]Angler{3: Tourist}), "", "section_taken"},
		{"a tourist on a tourist", river(nil, map[int]Angler{3: Tourist}), 3, Tourist, river(nil, map[int]Angler{3: Tourist}), "", "section_taken"},
		{"off the river", River{}, 11, Local, River{}, "", "no_section"},
		{"not an angler", River{}, 1, Angler("bear"), River{}, "", "no_angler"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, e, err := PlaceAngler(tt.r, tt.s, tt.a)
			if moveCode(err) != tt.errCode {
				t.Fatalf("error %v, want %q", err, tt.errCode)
			}
			if got != tt.after || e.Kind != tt.kind {
				t.Errorf("river %+v event %+v", got, e)
			}
		})
	}
}

func TestWild(t *testing.T) {
	r := river([]int{4, 9}, map[int]Angler{2: Tourist, 7: Local})
	got, e, err := EagleCatch(r, 9)
	if err != nil || got != river([]int{4}, map[int]Angler{2: Tourist, 7: Local}) || e.Kind != EagleCaught || e.Gained != 1 || e.Salmon != 9 {
		t.Errorf("eagle catch: %+v %+v %v", got, e, err)
	}
	if _, _, err := EagleCatch(r, 5); moveCode(err) != "no_salmon" {
		t.Errorf("eagle catch of no salmon: %v", err)
	}
	got, e, err = EagleChase(r, 7)
	if err != nil || got != river([]int{4, 9}, map[int]Angler{2: Tourist}) || e.Kind != EagleChased {
		t.Errorf("eagle chase: %+v %+v %v", got, e, err)
	}
	if _, _, err := EagleChase(r, 5); moveCode(err) != "no_angler" {
		t.Errorf("eagle chase of nobody: %v", err)
	}
	got, e = BearClear(r)
	if got != river([]int{4, 9}, nil) || e.Kind != BearCleared || !strings.Contains(e.Text, "all 2 anglers") {
		t.Errorf("bear clear: %+v %+v", got, e)
	}

	_, caught, _ := Cast(r, 4, 0)
	got, e, err = BearEat(r, caught)
	if err != nil || got != r || e.Kind != BearAte || e.Gained != -1 || e.Salmon != 4 {
		t.Errorf("bear eat: %+v %+v %v", got, e, err)
	}
	_, eagle, _ := EagleCatch(r, 9)
	if _, _, err := BearEat(r, eagle); err != nil {
		t.Errorf("a bear may eat an eagle's catch: %v", err)
	}
	_, hooked, _ := Cast(r, 2, 0)
	if _, _, err := BearEat(r, hooked); moveCode(err) != "nothing_to_eat" {
		t.Errorf("bear after a hooked tourist: %v", err)
	}
}
