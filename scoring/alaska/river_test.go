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

// Ruling ALA-3: "Every yellow number card can be cast"; a value or sum
// that names no river section (0, or above 10) is still a cast. Only a
// card the game does not have (CAM-1: 0–13) or a cast of other than one
// or two cards is refused.
func TestCastSection(t *testing.T) {
	tests := []struct {
		cards   []int
		want    int
		errCode string
	}{
		{[]int{4}, 4, ""},
		{[]int{1, 3}, 4, ""},
		{[]int{4, 6}, 10, ""},
		{[]int{5, 6}, 11, ""}, // no river card: open water
		{[]int{12}, 12, ""},
		{[]int{13, 13}, 26, ""},
		{[]int{0}, 0, ""},
		{[]int{0, 0}, 0, ""},
		{[]int{14}, 0, "card_value"},
		{[]int{-1}, 0, "card_value"},
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
			kind: Caught, gained: 1, after: River{}, text: "Ben catches the salmon on 4–5"},
		{name: "catch it with a 5", r: river([]int{4}, nil), s: 5,
			kind: Caught, gained: 1, after: River{}},
		{name: "salmon 10 is caught with a 1", r: river([]int{10}, nil), s: 1,
			kind: Caught, gained: 1, after: River{}, text: "10–1"},
		{name: "empty section", r: river([]int{4}, nil), s: 7,
			kind: Nothing, after: river([]int{4}, nil), text: "Ben’s cast into section 7 catches nothing"},
		{name: "two salmon on the section: the one named by it is caught", r: river([]int{3, 4}, nil), s: 4,
			kind: Caught, gained: 1, after: river([]int{3}, nil)},
		{name: "cast a 6 into the tourist's section", r: occupied, s: 6, owned: 3,
			kind: HookedTourist, penalty: true, after: river([]int{2, 8}, map[int]Angler{2: Local}),
			text: "Ben loses all remaining hand cards and sits out the next turn"},
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
			got, e, err := Cast(tt.r, tt.s, tt.owned, "Ben")
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
	// Ruling ALA-3: "A cast whose value or two-card sum names no river
	// section (0, or above 10) lands in open water: it catches and hooks
	// nothing, and the cards go to the discard pile."
	full := river([]int{10, 1}, map[int]Angler{1: Tourist, 10: Local})
	for _, v := range []int{0, 11, 12, 13, 20, 26} {
		got, e, err := Cast(full, v, 2, "Ben")
		if err != nil || got != full || e.Kind != OpenWater || e.Gained != 0 || e.LoseHand || e.Section != 0 ||
			!strings.Contains(e.Text, "lands in open water") || !strings.Contains(e.Text, "catches and hooks nothing") {
			t.Errorf("cast of %d: %+v %v", v, e, err)
		}
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
	}
	for _, tt := range tests {
		for _, o := range []Options{{}, {AnglerCatch: OnContact}} {
			t.Run(tt.name+" "+o.AnglerCatch, func(t *testing.T) {
				got, e := Flow(tt.r, tt.cards, o)
				if got != tt.after || len(e.Catches) != 0 || !strings.Contains(e.Text, tt.text) {
					t.Errorf("river %+v, event %+v", got, e)
				}
			})
		}
	}
}

// Ruling ALA-2 from its words, both readings. Default ("swim past"): "an
// angler catches a salmon during the flow step that carries the salmon off
// the angler's section (the salmon lay on that section before the step and
// no longer does after it). A salmon that swims onto, or lies on, an
// angler's section stays there beside the angler until a flow carries it
// off." Option angler_catch "on_contact": "the angler also catches a
// salmon that swims onto or along its section". Salmon n lies on n and
// n+1; a flow step takes it to n−1 and n, so it leaves n+1, slides along n
// and swims onto n−1.
func TestFlowCatchesALA2(t *testing.T) {
	type outcome struct {
		after   River
		catches []Catch
		text    string
	}
	tests := []struct {
		name              string
		r                 River
		cards             int
		swimPast, onTouch outcome
	}{
		{name: "carried off the angler's section (n+1): caught either way", r: river([]int{5}, map[int]Angler{6: Local}), cards: 1,
			swimPast: outcome{river(nil, map[int]Angler{6: Local}), []Catch{{1, 5, 6, Local}}, "The local on 6 catches the salmon on 5–6"},
			onTouch:  outcome{river(nil, map[int]Angler{6: Local}), []Catch{{1, 5, 6, Local}}, "The local on 6 catches"}},
		{name: "swims along the angler's section (n)", r: river([]int{5}, map[int]Angler{5: Local}), cards: 1,
			swimPast: outcome{river([]int{4}, map[int]Angler{5: Local}), nil, "The salmon on 4–5 lies beside the local in section 5; the flow that carries it off section 5 gives it to the local."},
			onTouch:  outcome{river(nil, map[int]Angler{5: Local}), []Catch{{1, 5, 5, Local}}, "The local on 5 catches the salmon on 5–6"}},
		{name: "swims onto the angler's section (n−1)", r: river([]int{5}, map[int]Angler{4: Tourist}), cards: 1,
			swimPast: outcome{river([]int{4}, map[int]Angler{4: Tourist}), nil, "lies beside the tourist in section 4"},
			onTouch:  outcome{River{}, []Catch{{1, 5, 4, Tourist}}, "goes home with it"}},
		{name: "beside the angler until a flow carries it off", r: river([]int{5}, map[int]Angler{4: Local}), cards: 3,
			swimPast: outcome{river(nil, map[int]Angler{4: Local}), []Catch{{3, 3, 4, Local}}, "The local on 4 catches the salmon on 3–4 (to the discard pile) and stays."},
			onTouch:  outcome{river(nil, map[int]Angler{4: Local}), []Catch{{1, 5, 4, Local}}, "The local on 4 catches the salmon on 5–6"}},
		{name: "a salmon placed on the angler's section (head)", r: river([]int{4}, map[int]Angler{4: Tourist}), cards: 1,
			swimPast: outcome{river([]int{3}, map[int]Angler{4: Tourist}), nil, "lies beside the tourist in section 4"},
			onTouch:  outcome{River{}, []Catch{{1, 4, 4, Tourist}}, "goes home with it"}},
		{name: "a salmon placed on the angler's section (tail)", r: river([]int{3}, map[int]Angler{4: Local}), cards: 1,
			swimPast: outcome{river(nil, map[int]Angler{4: Local}), []Catch{{1, 3, 4, Local}}, "and stays"},
			onTouch:  outcome{river(nil, map[int]Angler{4: Local}), []Catch{{1, 3, 4, Local}}, "and stays"}},
		{name: "a local stays and catches again", r: river([]int{4, 5}, map[int]Angler{5: Local}), cards: 2,
			swimPast: outcome{river(nil, map[int]Angler{5: Local}), []Catch{{1, 4, 5, Local}, {2, 4, 5, Local}}, ""},
			onTouch:  outcome{river(nil, map[int]Angler{5: Local}), []Catch{{1, 4, 5, Local}, {1, 5, 5, Local}}, ""}},
		{name: "a tourist takes one salmon, the lower-numbered", r: river([]int{3, 5}, map[int]Angler{4: Tourist}), cards: 1,
			swimPast: outcome{river([]int{4}, nil), []Catch{{1, 3, 4, Tourist}}, ""},
			onTouch:  outcome{river([]int{4}, nil), []Catch{{1, 3, 4, Tourist}}, ""}},
		{name: "the tourist the salmon leaves takes it", r: river([]int{5}, map[int]Angler{6: Tourist, 4: Local}), cards: 1,
			swimPast: outcome{river(nil, map[int]Angler{4: Local}), []Catch{{1, 5, 6, Tourist}}, ""},
			onTouch:  outcome{river(nil, map[int]Angler{4: Local}), []Catch{{1, 5, 6, Tourist}}, ""}},
		{name: "across the ring: off section 1", r: river([]int{10}, map[int]Angler{1: Tourist}), cards: 1,
			swimPast: outcome{River{}, []Catch{{1, 10, 1, Tourist}}, "the salmon on 10–1"},
			onTouch:  outcome{River{}, []Catch{{1, 10, 1, Tourist}}, "the salmon on 10–1"}},
		{name: "across the ring: onto section 10", r: river([]int{1}, map[int]Angler{10: Tourist}), cards: 1,
			swimPast: outcome{river([]int{10}, map[int]Angler{10: Tourist}), nil, "The salmon on 10–1 lies beside the tourist in section 10"},
			onTouch:  outcome{River{}, []Catch{{1, 1, 10, Tourist}}, "the salmon on 1–2"}},
		{name: "an angler upstream of the salmon catches nothing", r: river([]int{5}, map[int]Angler{7: Local}), cards: 1,
			swimPast: outcome{river([]int{4}, map[int]Angler{7: Local}), nil, ""},
			onTouch:  outcome{river([]int{4}, map[int]Angler{7: Local}), nil, ""}},
		{name: "an angler two sections downstream waits", r: river([]int{5}, map[int]Angler{3: Tourist}), cards: 1,
			swimPast: outcome{river([]int{4}, map[int]Angler{3: Tourist}), nil, ""},
			onTouch:  outcome{river([]int{4}, map[int]Angler{3: Tourist}), nil, ""}},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			o    Options
			want outcome
		}{{Options{}, tt.swimPast}, {Options{AnglerCatch: OnContact}, tt.onTouch}} {
			t.Run(tt.name+" "+c.o.AnglerCatch, func(t *testing.T) {
				before := tt.r
				got, e := Flow(tt.r, tt.cards, c.o)
				if tt.r != before {
					t.Error("Flow changed its argument")
				}
				if got != c.want.after {
					t.Errorf("river = %+v, want %+v", got, c.want.after)
				}
				if e.Kind != Flowed || !reflect.DeepEqual(e.Catches, c.want.catches) {
					t.Errorf("catches = %+v, want %+v", e.Catches, c.want.catches)
				}
				if !strings.Contains(e.Text, c.want.text) {
					t.Errorf("text = %q, want it to contain %q", e.Text, c.want.text)
				}
				// With on_contact no salmon ever gets by an angler; with
				// swim past the text says which lie beside one.
				for s := 1; s <= Sections; s++ {
					shared := got.AnglerOn(s) != NoAngler && len(got.SalmonOn(s)) > 0
					if shared && c.o.OnContact() {
						t.Errorf("after a flow a salmon still lies in the angler's section %d", s)
					}
					if shared && !strings.Contains(e.Text, "beside the") {
						t.Errorf("section %d is shared but the text does not say so: %q", s, e.Text)
					}
				}
			})
		}
	}
}

func TestPlace(t *testing.T) {
	// Ruling ALA-2: a salmon placed on an angler's section lies beside it.
	r, e, err := PlaceSalmon(river(nil, map[int]Angler{2: Local}), 2, Options{})
	if err != nil || r != river([]int{2}, map[int]Angler{2: Local}) || e.Kind != SalmonPlaced ||
		!strings.Contains(e.Text, "It lies beside the local in section 2: a cast into 2 hooks the local, and the flow that carries the salmon off section 2 gives it to the local.") {
		t.Errorf("place salmon on a local: %+v %+v %v", r, e, err)
	}
	if _, e, _ := PlaceSalmon(river(nil, map[int]Angler{2: Local}), 2, Options{AnglerCatch: OnContact}); !strings.Contains(e.Text, "local's section 2") || !strings.Contains(e.Text, "the next flow") {
		t.Errorf("place salmon on a local, on_contact: %q", e.Text)
	}
	if _, _, err := PlaceSalmon(River{}, 0, Options{}); moveCode(err) != "no_section" {
		t.Errorf("place salmon 0: %v", err)
	}
	if _, e, _ := PlaceAngler(river([]int{3}, nil), 4, Local, Options{}); !strings.Contains(e.Text, "stays beside the angler until a flow carries it off section 4") {
		t.Errorf("a local beside a salmon: %q", e.Text)
	}
	// Ruling ALA-4: "One angler per river section. A tourist placed on a
	// local's section chases both away (rule text); any other angler placed
	// on an occupied section is refused (section_taken)."
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
		{"a local on a local", river(nil, map[int]Angler{3: Local}), 3, Local, river(nil, map[int]Angler{3: Local}), "", "section_taken"},
		{"a tourist beside a salmon on a local", river([]int{3}, map[int]Angler{3: Local}), 3, Tourist, river([]int{3}, nil), LocalChased, ""},
		{"off the river", River{}, 11, Local, River{}, "", "no_section"},
		{"not an angler", River{}, 1, Angler("bear"), River{}, "", "no_angler"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, e, err := PlaceAngler(tt.r, tt.s, tt.a, Options{})
			if moveCode(err) != tt.errCode {
				t.Fatalf("error %v, want %q", err, tt.errCode)
			}
			var me *MoveError
			if errors.As(err, &me) && me.Code == "section_taken" && me.Rule != "ALA-4" {
				t.Errorf("section_taken under rule %s, want ALA-4", me.Rule)
			}
			if got != tt.after || e.Kind != tt.kind {
				t.Errorf("river %+v event %+v", got, e)
			}
		})
	}
}

func TestWild(t *testing.T) {
	r := river([]int{4, 9}, map[int]Angler{2: Tourist, 7: Local})
	got, e, err := EagleCatch(r, 9, "Ben")
	if err != nil || got != river([]int{4}, map[int]Angler{2: Tourist, 7: Local}) || e.Kind != EagleCaught || e.Gained != 1 || e.Salmon != 9 {
		t.Errorf("eagle catch: %+v %+v %v", got, e, err)
	}
	if _, _, err := EagleCatch(r, 5, "Ben"); moveCode(err) != "no_salmon" {
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

	_, caught, _ := Cast(r, 4, 0, "Ben")
	got, e, err = BearEat(r, caught)
	if err != nil || got != r || e.Kind != BearAte || e.Gained != -1 || e.Salmon != 4 {
		t.Errorf("bear eat: %+v %+v %v", got, e, err)
	}
	_, eagle, _ := EagleCatch(r, 9, "Ben")
	if _, _, err := BearEat(r, eagle); err != nil {
		t.Errorf("a bear may eat an eagle's catch: %v", err)
	}
	_, hooked, _ := Cast(r, 2, 0, "Ben")
	if _, _, err := BearEat(r, hooked); moveCode(err) != "nothing_to_eat" {
		t.Errorf("bear after a hooked tourist: %v", err)
	}
}
