package kociaki

import (
	"tablemate/scoring"
	"tablemate/views"
)

// KocSetupVM is the form that starts a guided Kociaki Łobuziaki game:
// the start tile, who holds the start marker, the scoring variant.
type KocSetupVM struct {
	views.Page
	views.Form
	TableName, Base string
	Colours         []string // the four furniture colours
	Players         []string // seat order
	// As typed (or the defaults on a first view).
	StartTile, StartPiece, Starter string
	Variant, AllTypesBonus         string
	// Removal says what setup does to the toy piles with this many
	// players (rule text G, ruling KOC-1); Hands says the hand size.
	Removal, Hands scoring.Phrase
	Errors         views.Errors
}

// KocPlayVM is a guided Kociaki Łobuziaki game in progress.
type KocPlayVM struct {
	views.Page
	views.Form
	TableName, Base string
	Round, Rounds   int
	// Phase is "tile", "turn" or "string".
	Phase       string
	StartPlayer string // holds the start marker this round
	ToAct       string // "" in the string phase
	LastRound   bool
	Start       KocTileVM // laid face up at setup
	LastTile    KocTileVM // on top of the furniture pile
	Tiles       []KocTileVM
	Colours     []KocColourVM // tile phase: the colours and why some are refused
	Toys        []KocToyVM
	Seats       []KocSeatVM
	Tied        []KocSeatVM // string phase: the players tied on the top total
	TiedTotal   int
	Variant     string
	// Me is the seat this phone belongs to (-1: a shared phone): only its
	// chip values are shown, the others' chips face down.
	Me        int
	MeLinks   []KocMeLink
	UndoLabel scoring.Phrase
	LastMove  scoring.Phrase // the newest move named, zero before the first
}

// KocTileVM is a furniture tile on the table.
type KocTileVM struct {
	Round  int // 0 for the start tile
	Colour string
	Piece  string
	By     string
}

// KocColourVM is a colour the start player may (or may not) play.
type KocColourVM struct {
	Colour string
	Refuse scoring.Phrase // why the rules refuse it now; zero if allowed
}

// KocToyVM is one toy and its pile: what crossing it gives now.
type KocToyVM struct {
	Toy   int
	Left  int            // chips left in the pile
	Gives scoring.Phrase // "gives a 2", "gives a 2 or a 3", "used up: nothing"
	// Choices are the outcomes to pick from when the app cannot know the
	// top chip (ruling KOC-1/KOC-2): "2", "3", "4" or "empty".
	Choices []KocChoice
	UsedUp  bool
	Taken   []int // chips taken so far, all players (public: piles lie face up)
	// Ticked and Chosen are what a refused turn posted (kept, #38);
	// Missing says the toy was ticked with no chip chosen.
	Ticked  bool
	Chosen  string
	Missing bool
}

// KocChoice is one possible outcome of taking a pile's top chip.
type KocChoice struct {
	Value string
	Label scoring.Phrase
}

// KocSeatVM is one player: chips face down unless this phone is theirs.
type KocSeatVM struct {
	Index  int
	Name   string
	Chips  int  // how many chips they hold
	Marker bool // holds the start marker this round
	ToAct  bool
	Short  bool // had not enough string in round 12
	// Own: this phone is theirs, so Values and Total are shown.
	Own    bool
	Values []KocHeldVM
	Total  int
}

// KocHeldVM is a player's chips of one toy.
type KocHeldVM struct {
	Toy    int
	Values []int
}

// KocMeLink picks the player this phone belongs to.
type KocMeLink struct {
	Label scoring.Phrase
	URL   string
	// ID names the link for tests: "shared" or the player's name, in
	// every language.
	ID      string
	Current bool
}
