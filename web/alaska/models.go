package alaska

import (
	"context"
	"fmt"
	"math"
	"strings"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/views/i18n"
)

// AlaskaSetupVM is the form that starts a guided game of Alaska.
type AlaskaSetupVM struct {
	views.Page
	views.Form
	TableName, Base string
	Players         []string
	First           string // the oldest player, who starts
	Dice            bool   // the Cambio dice variation
	DrawPile        string // as typed; DefaultPile when empty
	DefaultPile     int
	// AnglerCatch is ruling ALA-2's reading chosen: swim_past or on_contact.
	AnglerCatch string
	Errors      views.Errors
}

// AlaskaPlayVM is a guided game of Alaska in progress: whose turn and
// which phase, the river, the salmon caught and what each move can do.
type AlaskaPlayVM struct {
	views.Page
	views.Form
	TableName, Base string
	Turn, DrawPile  int
	Steps           int // moves so far, for pages that wait for the next
	LastRound       bool
	TurnsLeft       int
	Current, Right  string
	Phase           string // salmon, flow, play, sit_out
	Stepper         []AlaskaPhaseVM
	Sections        []AlaskaSectionVM
	Borders         []AlaskaBorderVM
	Seats           []AlaskaSeatVM
	// Events are this turn's moves told in words; EventsTitle says whose.
	EventsTitle scoring.Phrase
	Events      []scoring.Phrase
	// Eaters may throw a bear at the catch just made.
	Eaters []string
	// At is the salmon border chosen for placing (0 = none); Sel the
	// section chosen (0 = none) with what can be done there.
	At      int
	AtText  scoring.Phrase
	Sel     int
	SelText scoring.Phrase // what a cast there would do
	Casts   []AlaskaMoveVM
	// Rolls replaces Casts when the die decides (Cambio dice variation):
	// the casts once per verdict.
	Rolls    []AlaskaRollVM
	SelMoves []AlaskaMoveVM
	// Moves are the buttons of the phase that need no section: flow,
	// bear, an empty eagle, the end of the turn.
	Moves []AlaskaMoveVM
	// OpenCasts are the single cards that name no section (0, 11–13) and
	// OpenPair whether two cards can be cast, of values PairCards (ruling
	// ALA-3: such a cast lands in open water).
	OpenCasts []AlaskaMoveVM
	OpenPair  bool
	PairCards []int
	// PairA and PairB are the two cards chosen (6 and 5 at first; a
	// refused cast keeps its own), OpenWater whether the casts that name
	// no section show unfolded (a refused one of them, #38).
	PairA, PairB int
	OpenWater    bool
	// Shared is set when a salmon lies beside an angler somewhere (ruling
	// ALA-2), so the legend explains the mark; OnContact is the table's
	// other reading of ALA-2 (options.angler_catch).
	Shared, OnContact bool
	Hand              int // cards in the mover's hand
	UndoLabel         scoring.Phrase
}

// AlaskaRollVM is the casts offered for one verdict of the die.
type AlaskaRollVM struct {
	Title scoring.Phrase
	Casts []AlaskaMoveVM
}

// AlaskaPhaseVM is one phase in the turn's stepper.
type AlaskaPhaseVM struct {
	Label         scoring.Phrase
	Done, Current bool
}

// AlaskaMoveVM is one button: Move is the posted value ("cast:3+4").
type AlaskaMoveVM struct {
	Label        scoring.Phrase
	Move, TestID string
	Primary      bool
}

// AlaskaSeatVM is one player's salmon and hand at a glance.
type AlaskaSeatVM struct {
	Name           string
	Salmon, Hand   int
	ToMove, SitOut bool
}

// AlaskaSectionVM is one river section of the ring.
type AlaskaSectionVM struct {
	N        int
	Label    scoring.Phrase // accessible name: "Section 7: 1 salmon, tourist placed by Ana"
	Href     string         // "" when it cannot be tapped now
	Hit, Sel bool
	Angler   string // tourist, local or ""
	AnglerBy string
	// Shared: a salmon lies on this section beside its angler (ALA-2).
	Shared bool
}

// AlaskaBorderVM is where salmon n lies, across sections n and n+1.
type AlaskaBorderVM struct {
	N, Count int
	Label    scoring.Phrase
	Href     string // set while salmon are being placed
	Sel      bool
}

// The ring's geometry in SVG units: sections between two radii, section 1
// at the top, numbers growing clockwise, so the flow (towards lower
// numbers) runs counter-clockwise.
const (
	ringC     = 150.0
	ringIn    = 76.0
	ringOut   = 146.0
	ringStep  = 36.0
	ringFish  = 111.0
	ringLabel = 90.0
	ringMan   = 128.0
)

func ringPoint(r, deg float64) (float64, float64) {
	rad := deg * math.Pi / 180
	return ringC + r*math.Sin(rad), ringC - r*math.Cos(rad)
}

func f1(x float64) string { return fmt.Sprintf("%.1f", x) }

// SectionPath is the annular sector of section n.
func SectionPath(n int) string {
	a := float64(n-1) * ringStep
	x1, y1 := ringPoint(ringOut, a-ringStep/2)
	x2, y2 := ringPoint(ringOut, a+ringStep/2)
	x3, y3 := ringPoint(ringIn, a+ringStep/2)
	x4, y4 := ringPoint(ringIn, a-ringStep/2)
	return fmt.Sprintf("M%s %s A%.0f %.0f 0 0 1 %s %s L%s %s A%.0f %.0f 0 0 0 %s %s Z",
		f1(x1), f1(y1), ringOut, ringOut, f1(x2), f1(y2), f1(x3), f1(y3), ringIn, ringIn, f1(x4), f1(y4))
}

// SectionNumberXY places section n's number near the inner edge.
func SectionNumberXY(n int) (string, string) {
	x, y := ringPoint(ringLabel, float64(n-1)*ringStep)
	return f1(x), f1(y + 6)
}

// AnglerXY places the angler of section n near the outer edge.
func AnglerXY(n int) (string, string) {
	x, y := ringPoint(ringMan, float64(n-1)*ringStep)
	return f1(x), f1(y)
}

// BorderXY is the middle of salmon n, on the border of n and n+1.
func BorderXY(n int) (string, string) {
	x, y := ringPoint(ringFish, float64(n-1)*ringStep+ringStep/2)
	return f1(x), f1(y)
}

// FishTransform turns a fish drawn at the origin along the ring.
func FishTransform(n int) string {
	x, y := BorderXY(n)
	return fmt.Sprintf("translate(%s %s) rotate(%.0f)", x, y, float64(n-1)*ringStep+ringStep/2)
}

func akX(x, _ string) string { return x }
func akY(_, y string) string { return y }

// anglerBoxX and anglerBoxY place a local's square around AnglerXY.
func anglerBoxX(n int) string {
	x, _ := ringPoint(ringMan, float64(n-1)*ringStep)
	return f1(x - 12)
}

func anglerBoxY(n int) string {
	_, y := ringPoint(ringMan, float64(n-1)*ringStep)
	return f1(y - 12)
}

func plusY(n int) string {
	_, y := ringPoint(ringFish, float64(n-1)*ringStep+ringStep/2)
	return f1(y + 7)
}

func manyY(n int) string {
	_, y := ringPoint(ringFish, float64(n-1)*ringStep+ringStep/2)
	return f1(y - 12)
}

func akStep(current bool) string {
	if current {
		return "step"
	}
	return "false"
}

// akHeading says whose turn it is and what they do now.
func akHeading(vm AlaskaPlayVM) scoring.Phrase {
	who := scoring.Name(vm.Current)
	switch {
	case vm.Phase == "sit_out":
		return scoring.Phrasef("%s sits out this turn", who)
	case vm.LastRound:
		return scoring.Phrasef("%s's final turn", who)
	}
	return scoring.Phrasef("%s's turn", who)
}

// akPrompt is shown before the first move of a turn.
func akPrompt(vm AlaskaPlayVM) scoring.Phrase {
	if vm.Phase == "sit_out" {
		return scoring.Phrasef("%s hooked a tourist and is calming them down: no cards this turn. Draw back to 4, then it is the next player's turn.", scoring.Name(vm.Current))
	}
	return scoring.Phrasef("Salmon cards in %[1]s's hand fall into the river first: %[2]s (on %[1]s's right) lays each one across two sections. Then flow cards, then casts, anglers, eagle and bear.", scoring.Name(vm.Current), scoring.Name(vm.Right))
}

// akHint says what tapping the river does now (zero: nothing).
func akHint(vm AlaskaPlayVM) scoring.Phrase {
	switch vm.Phase {
	case "sit_out":
		return scoring.Phrase{}
	case "salmon":
		return scoring.Phrasef("Tap a + between two sections to lay a salmon there, or a section to cast, place an angler or send the eagle.")
	}
	return scoring.Phrasef("Tap a section to cast into it, place an angler or send the eagle.")
}

// akSalmonUnit is the word after a seat's count of salmon caught ("3
// salmon"): English has one word for any count, German does not.
func akSalmonUnit(ctx context.Context, n int) string {
	_, unit, _ := strings.Cut(i18n.Say(ctx, scoring.Count(n, "1 salmon", "%d salmon")), " ")
	return unit
}

// akSharedHint explains a salmon beside an angler (ruling ALA-2) in the
// table's reading.
func akSharedHint(vm AlaskaPlayVM) scoring.Phrase {
	if vm.OnContact {
		return scoring.Phrasef("A salmon and an angler share a marked section: the next flow gives the salmon to the angler; a cast there hooks the angler.")
	}
	return scoring.Phrasef("A salmon and an angler share a marked section: the salmon lies beside the angler until a flow carries it off that section, into the angler's catch (rule ALA-2); a cast there hooks the angler.")
}
