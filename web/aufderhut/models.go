package aufderhut

import (
	"context"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/views/i18n"
)

// ADHSetupVM is the form that starts a guided Auf der Hut game: the end
// variant, the table's names for the characters and the 7 characters
// laid in the display.
type ADHSetupVM struct {
	views.Page
	views.Form
	TableName, Base string
	Variant         string // "standard" or "three_left"
	// Names are the names as typed ("" keeps Defaults[i]); a typed
	// name is shown as it is, a default ("character 2") is said in the
	// page's language.
	Names    []string
	Defaults []scoring.Phrase
	// Display is the character (1–10) chosen for each spot, 0 when none.
	Display []int
	Errors  views.Errors
	Starts  views.StartsVM // who takes the first turn, and why
}

// name is character c's name as the form currently has it.
func (vm ADHSetupVM) name(ctx context.Context, c int) string {
	if vm.Names[c-1] != "" {
		return vm.Names[c-1]
	}
	return i18n.Say(ctx, vm.Defaults[c-1])
}

// ADH play modes: which action the player to move is entering.
const (
	ADHChoose  = ""        // pick look, swap or reveal
	ADHLook    = "look"    // tap the hat looked at
	ADHSwap    = "swap"    // tap the first of two hats
	ADHSwapTo  = "swap2"   // tap the second hat
	ADHReveal  = "reveal"  // tap the hat revealed
	ADHOutcome = "outcome" // say what the hat was
	ADHLay     = "lay"     // say which character was laid after a match
	ADHEnd     = "end"     // the table ends a three_left game
)

// ADHPlayVM is a guided Auf der Hut game in progress.
type ADHPlayVM struct {
	views.Page
	views.Form
	TableName, Base string
	Turn            int // the turn being entered, from 1
	ToMove          string
	ThreeLeft       bool
	// Piles and what is left to hand out (ruling ADH-1).
	CharactersLeft, HatsLeft      int
	WonderhatsLeft, BaldHeadsLeft int
	WithHats                      int            // display characters still wearing a hat
	Refills                       bool           // a match now is refilled from the piles
	LastMove, Warning             scoring.Phrase // said at rendering
	Mode                          string
	Spots                         []ADHSpotVM
	Spot                          int            // the spot chosen (first of a swap, or revealed)
	SpotName                      scoring.Phrase // the character on Spot
	MatchURL                      string         // outcome mode: asks for the character laid
	Wonderhat, Miss               bool           // outcome mode: the engine offers these outcomes
	Lay                           []ADHCharVM
	Seats                         []ADHSeatVM
	UndoLabel                     scoring.Phrase
	SwapBackSpot                  int // swap2 mode: the spot that would swap back (ADH-5), 0 if none
	SwapBackWho                   string
	ChooseURL, LookURL, SwapURL   string
	RevealURL, EndURL             string
}

// ADHSpotVM is one spot of the display and what tapping it does now.
type ADHSpotVM struct {
	N    int
	Name scoring.Phrase // the character there; zero when its spot is empty
	Hat  bool           // a face-down hat lies above it
	// Link (a page) or Field (a submit button's name) is the spot's
	// action in the current mode; neither when it is only shown.
	Link, Field string
	Chosen      bool // the spot picked first in this turn
	SwapBack    bool // swapping it now swaps back the previous swap (ADH-5)
}

// ADHCharVM is a character a picker offers.
type ADHCharVM struct {
	N    int
	Name scoring.Phrase
	Left int // cards of it the pile can still hold
}

// ADHSeatVM is one player's collection so far.
type ADHSeatVM struct {
	Name                              string
	ToMove                            bool
	Characters, Wonderhats, BaldHeads int
	WithHat                           int              // what the collection would score now (ADH-4)
	Collected                         []scoring.Phrase // the characters taken, said at rendering
}
