package alaska

// Sections is the number of river cards, numbered 1 to 10 in a ring (ruling
// ALA-1).
const Sections = 10

// Angler is who sits on a river section.
type Angler string

// The anglers; NoAngler is an empty section.
const (
	NoAngler Angler = ""
	Tourist  Angler = "tourist"
	Local    Angler = "local"
)

// River is the river between moves. It is a value: every move returns a new
// River and leaves its argument alone.
//
// A salmon lies across two neighbouring sections n and n+1 (10 borders 1)
// and is named by its lower section n, so salmon 10 lies on 10 and 1.
type River struct {
	// Salmon[n-1] counts the salmon lying across sections n and n+1.
	Salmon [Sections]int `json:"salmon"`
	// Anglers[s-1] is the angler on section s (at most one per section).
	Anglers [Sections]Angler `json:"anglers"`
}

// SalmonAt counts the salmon named n (lying on n and n+1); 0 for an n
// outside 1–10.
func (r River) SalmonAt(n int) int {
	if !onRiver(n) {
		return 0
	}
	return r.Salmon[n-1]
}

// AnglerOn returns the angler on section s.
func (r River) AnglerOn(s int) Angler {
	if !onRiver(s) {
		return NoAngler
	}
	return r.Anglers[s-1]
}

// SalmonOn lists the salmon lying on section s: salmon s and salmon s−1,
// each as many times as it lies there.
func (r River) SalmonOn(s int) []int {
	var out []int
	for _, n := range []int{s, Downstream(s)} {
		for range r.SalmonAt(n) {
			out = append(out, n)
		}
	}
	return out
}

// Shared reports that a salmon and an angler share section s: the salmon
// lies beside the angler (ruling ALA-2) until a flow carries it off.
func (r River) Shared(s int) bool {
	return r.AnglerOn(s) != NoAngler && len(r.SalmonOn(s)) > 0
}

// Covers returns the two sections salmon n lies on.
func Covers(n int) (int, int) { return n, Upstream(n) }

// Upstream is the next section clockwise: n+1, and 1 after 10.
func Upstream(n int) int { return n%Sections + 1 }

// Downstream is the next section counter-clockwise, where the flow carries
// salmon: n−1, and 10 before 1 (ruling ALA-1).
func Downstream(n int) int { return (n+Sections-2)%Sections + 1 }

func onRiver(s int) bool { return s >= 1 && s <= Sections }

// noSection refuses s, which is no river section; format says what s is
// (refuseSalmonNo, refuseSectionNo).
func noSection(format string, s int) error {
	return moveErrorf("no_section", format, s, Sections)
}

// PlaceSalmon lays a salmon across sections n and n+1: the player to the
// right of the one whose salmon card fell out of the hand chooses n. A
// salmon may lie on an angler's section, beside the angler (ruling ALA-2):
// casts there hook the angler, and the angler catches the salmon when a
// flow carries it off that section (with OnContact: the next flow).
func PlaceSalmon(r River, n int, o Options) (River, Event, error) {
	if !onRiver(n) {
		return r, Event{}, noSection(refuseSalmonNo, n)
	}
	r.Salmon[n-1]++
	lo, hi := Covers(n)
	e := Event{Kind: SalmonPlaced, Salmon: n}
	e.tell(tellSalmonFalls, lo, hi)
	for _, s := range []int{lo, hi} {
		switch a := r.AnglerOn(s); {
		case a == Tourist && o.OnContact():
			e.tell(tellSalmonOnTourist, s, s)
		case a == Local && o.OnContact():
			e.tell(tellSalmonOnLocal, s, s)
		case a == Tourist:
			e.tell(tellSalmonBesideTourist, s, s, s)
		case a == Local:
			e.tell(tellSalmonBesideLocal, s, s, s)
		}
	}
	return r, e, nil
}

// PlaceAngler puts a tourist or local on section s (ruling ALA-4): a
// section holds one angler; a tourist placed on a local chases it off
// (both cards go to the discard pile); any other placement on an occupied
// section is refused (section_taken). An angler may sit down beside a
// salmon (ruling ALA-2), which it catches when a flow carries it off.
func PlaceAngler(r River, s int, a Angler, o Options) (River, Event, error) {
	if !onRiver(s) {
		return r, Event{}, noSection(refuseSectionNo, s)
	}
	if a != Tourist && a != Local {
		return r, Event{}, moveErrorf("no_angler", refuseNotAngler, string(a))
	}
	switch here := r.AnglerOn(s); {
	case here == NoAngler:
		r.Anglers[s-1] = a
		e := Event{Kind: AnglerPlaced, Section: s}
		if a == Tourist {
			e.tell(tellTouristFishes, s)
		} else {
			e.tell(tellLocalFishes, s)
		}
		if len(r.SalmonOn(s)) > 0 {
			if o.OnContact() {
				e.tell(tellAnglerBySalmonNext, s)
			} else {
				e.tell(tellAnglerBySalmon, s, s)
			}
		}
		return r, e, nil
	case here == Local && a == Tourist:
		r.Anglers[s-1] = NoAngler
		e := Event{Kind: LocalChased, Section: s}
		e.tell(tellTouristChasesLocal, s)
		return r, e, nil
	case here == Tourist:
		return r, Event{}, moveErrorf("section_taken", refuseTouristThere, s)
	default:
		return r, Event{}, moveErrorf("section_taken", refuseLocalThere, s)
	}
}

// Flow plays flow cards one after the other (ruling ALA-1). Each moves
// every salmon one section downstream: salmon n (on n, n+1) ends on n−1, n.
//
// Which angler catches (ruling ALA-2, "swim past"): during a flow step a
// salmon n leaves section n+1 and stays on n. An angler on n+1 catches it
// then: the salmon goes to the discard pile, and a tourist goes home with
// it (leaves the river) while a local stays and may catch the next. A
// salmon that swims onto or lies on an angler's section stays there
// beside the angler until a flow carries it off; the text says so.
//
// With o.OnContact (options.angler_catch "on_contact") the angler also
// catches a salmon that swims onto (n−1) or along (n) its section: a
// salmon meets the anglers in the order it passes them, n+1, then n, then
// n−1, and after a flow no salmon lies in an angler's section.
//
// Salmon are moved in order of their lower section, 1 to 10, so when one
// tourist could take two salmon in one flow, the one with the lower number
// is taken.
func Flow(r River, cards int, o Options) (River, Event) {
	e := Event{Kind: Flowed}
	var lines []Line
	for step := 1; step <= cards; step++ {
		var next River
		next.Anglers = r.Anglers
		for n := 1; n <= Sections; n++ {
			for range r.Salmon[n-1] {
				s, a := passes(next, n, o)
				if a == NoAngler {
					next.Salmon[Downstream(n)-1]++
					continue
				}
				if a == Tourist {
					next.Anglers[s-1] = NoAngler
				}
				e.Catches = append(e.Catches, Catch{Flow: step, Salmon: n, Section: s, Angler: a})
				lines = append(lines, catchText(a, s, n))
			}
		}
		r = next
	}
	switch {
	case cards <= 0:
		e.tell(tellNoFlow)
	case r == River{Anglers: r.Anglers} && len(e.Catches) == 0:
		e.tell(tellNothingFlows)
	case cards == 1:
		e.tell(tellFlowsOnce)
	default:
		e.tell(tellFlows, cards, cards)
	}
	for _, l := range lines {
		e.tell(l.Format, l.Args...)
	}
	if cards > 0 {
		for _, l := range besideText(r) {
			e.tell(l.Format, l.Args...)
		}
	}
	return r, e
}

// passes returns the angler that catches salmon n in one flow step and
// its section, or NoAngler (ruling ALA-2): the one on the section the
// salmon leaves (n+1); with OnContact the first of n+1, n and n−1.
func passes(r River, n int, o Options) (int, Angler) {
	sections := []int{Upstream(n)}
	if o.OnContact() {
		sections = append(sections, n, Downstream(n))
	}
	for _, s := range sections {
		if a := r.AnglerOn(s); a != NoAngler {
			return s, a
		}
	}
	return 0, NoAngler
}

// besideText tells, after a flow, each salmon lying on an angler's section
// (ruling ALA-2: it stays beside the angler until a flow carries it off).
func besideText(r River) []Line {
	var out []Line
	for n := 1; n <= Sections; n++ {
		if r.SalmonAt(n) == 0 {
			continue
		}
		lo, hi := Covers(n)
		for _, s := range []int{lo, hi} {
			switch r.AnglerOn(s) {
			case Tourist:
				out = append(out, Line{Format: tellBesideTourist, Args: []any{lo, hi, s, s}})
			case Local:
				out = append(out, Line{Format: tellBesideLocal, Args: []any{lo, hi, s, s}})
			}
		}
	}
	return out
}

func catchText(a Angler, s, n int) Line {
	lo, hi := Covers(n)
	if a == Tourist {
		return Line{Format: tellTouristCatches, Args: []any{s, lo, hi}}
	}
	return Line{Format: tellLocalCatches, Args: []any{s, lo, hi}}
}
