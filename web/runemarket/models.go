package runemarket

import (
	"net/url"

	"tablemate/scoring"
	"tablemate/views"
)

// RMSetupVM is the form that starts a guided game of The Rune Market: the
// market's piles as counted and the player who starts.
type RMSetupVM struct {
	views.Page
	views.Form
	TableName, Base string
	Players         []string
	First           string
	// Red, Blue, Boats, Bandits are the counts as typed.
	Red, Blue, Boats, Bandits string
	Errors                    views.Errors
}

// RMPlayVM is a guided game of The Rune Market in progress: whose turn,
// the phase, what the engine computed, the moves on offer with their
// prices, every ledger and the market.
type RMPlayVM struct {
	views.Page
	views.Form
	// Kept is what a refused move posted: its form opens again with it.
	Kept            RMKept
	TableName, Base string
	Turn            int
	Current         string
	Phase           string // interest, purchases, hand_cards, end
	Phases          []RMPhaseVM
	Market          RMMarketVM
	Price           int // runes of one colour for a boat shelter or a bandit
	PlayerCount     int
	// Interest is the engine's interest for the player to move: a preview
	// before phase 1 is taken, the report after.
	InterestText scoring.Phrase
	// InterestSkipped: there was nothing to take, so phase 1 went by
	// itself (runemarket.InterestReport.Skipped).
	InterestSkipped bool
	Yields          []RMYieldVM
	Ledgers         []RMLedgerVM
	Hand, Played    int

	// Choices, each with its form value and a label.
	BuyPays        []RMOption // "red", "blue" (affordable runes), "cards"
	BoatPlaces     []RMOption // "red", "blue", "alone"
	BanditTargets  []RMOption // "Ben|blue"
	RansomShelters []RMOption // "red"
	RansomPays     []RMOption // "2-1" (red-blue), "cards"
	PlaceOptions   []RMOption // "red|shelter"
	// PlaceAll are the places loose runes may go, each put in with one tap:
	// all the loose runes of its colour (PlaceCount). PlaceFewer: some
	// colour has more than 1 loose rune, so the form that puts fewer shows.
	PlaceAll       []RMOption
	PlaceCount     []int
	PlaceFewer     bool
	ShelterColours []RMOption // colours without a main shelter
	RuneColours    []RMOption // colours of the runes the market still has
	Steals         []RMOption // "Ben|rune|red", "Ben|hand_card"
	Opponents      []RMOption // duel targets not attacked this turn
	CanDraw        bool
	DrawHint       scoring.Phrase

	// End of the game.
	Ranking   []RMRankVM
	Question  scoring.Phrase
	NeedCards []string // players whose highest number card is asked for
	Duelists  []string // players among whom the rock-paper-scissors winner is entered

	UndoLabel scoring.Phrase
	// LastMove names the newest move ("Ben drew back to 3"), zero before
	// the first.
	LastMove scoring.Phrase
}

// RMPhaseVM is one step of the turn's phase stepper.
type RMPhaseVM struct {
	Key   string
	Label scoring.Phrase
	State string // done, current, todo
}

// RMMarketVM is what the market still holds.
type RMMarketVM struct {
	Red, Blue, Boats, Bandits int
}

// RMYieldVM is what one shelter does in phase 1.
type RMYieldVM struct {
	Shelter, Reason  scoring.Phrase
	Colour           string
	Interest, Stolen int
	Abandoned        bool
}

// RMLedgerVM is one player's public table cards.
type RMLedgerVM struct {
	Name      string
	ToMove    bool
	Hand      int
	Red, Blue int // loose runes
	Shelters  []RMShelterVM
	Boats     []RMShelterVM // stand-alone boat shelters
	Points    int           // rune points so far (ruling RUN-1)
}

// RMShelterVM is a main shelter or a stand-alone boat shelter.
type RMShelterVM struct {
	Colour string // "" for an uncoloured boat shelter
	Runes  int
	Boat   bool
	Bandit string
}

// RMOption is one choice of a select or radio group.
type RMOption struct {
	Value string
	Label scoring.Phrase
}

// RMRankVM is one line of the final ranking with its tie-break facts.
type RMRankVM struct {
	Place          int
	Name           string
	Total          int
	Boats, Bandits int
	Highest        string // "" when not entered
	RPS            bool
	Winner, Tied   bool
}

// RMKept is the form a refused move posted (kit.Refused), so the page
// drawn with the refusal shows that form open with what was entered.
type RMKept struct {
	Values url.Values
}

// Open says whether the move form do (with item, for a purchase) is the
// one refused.
func (k RMKept) Open(do, item string) bool {
	return k.Values != nil && k.Values.Get("do") == do && (item == "" || k.Values.Get("item") == item)
}

// Get is field name of the refused form do/item ("" for any other form).
func (k RMKept) Get(do, item, name string) string {
	if !k.Open(do, item) {
		return ""
	}
	return k.Values.Get(name)
}
