package kodiak

import (
	"strconv"

	"tablemate/scoring"
	"tablemate/views"
	cambioweb "tablemate/web/cambio"
)

// KodiakPlayVM is a guided Kodiak game in progress.
type KodiakPlayVM struct {
	views.Page
	views.Form
	TableName, Base    string
	Round, Rounds      int
	Kodiak             string
	KodiakSeat         int
	FirstLook          bool
	Current            string
	CurrentSeat        int
	Pounces, MaxPounce int
	// PounceLess and PounceMore say whether the engine offers taking a
	// pounce back and one more (its Moves).
	PounceLess, PounceMore bool
	Seats                  []cambioweb.PlaySeatVM
	Entry                  *cambioweb.PlayEntryVM
	Totals                 cambioweb.PlayTotalsVM
	UndoLabel              scoring.Phrase
	LastMove               scoring.Phrase // the newest move named ("Ben pounced"), "" before the first
}

// atoi reads a counter the handler wrote (0 when empty).
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
