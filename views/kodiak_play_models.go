package views

import "strconv"

// KodiakPlayVM is a guided Kodiak game in progress.
type KodiakPlayVM struct {
	Page
	Form
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
	Seats                  []PlaySeatVM
	Entry                  *PlayEntryVM
	Totals                 PlayTotalsVM
	UndoLabel              string
}

// atoi reads a counter the handler wrote (0 when empty).
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
