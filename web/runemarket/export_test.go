package runemarket

// The turn page's view model and its move reader, for the external tests.
var (
	PlayVM = rmPlayVM
	Step   = rmStep
)
