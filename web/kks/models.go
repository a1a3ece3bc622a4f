package kks

import (
	"strconv"

	"tablemate/scoring"
	"tablemate/views"
)

// KKSSetupVM is the form that lays the row of a guided KKS game.
type KKSSetupVM struct {
	views.Page
	views.Form
	TableName, Base string
	Row             []string // the 7 cards as typed, "red 10"
	Errors          views.Errors
	Starts          views.StartsVM // who takes the first turn, and why
}

// KKSPlayVM is a guided KKS game in progress: whose turn, the row with
// the cost of each card, every display and supply.
type KKSPlayVM struct {
	views.Page
	views.Form
	TableName, Base string
	Turn, Turns     int
	DeckLeft        int
	LastRound       bool
	Current         string
	Row             []RowCardVM
	Seats           []SeatVM
	// Take is the position chosen and waiting for the revealed card (0 =
	// none); Unseen are the cards the deck can still hold.
	Take      int
	TakeText  scoring.Phrase
	Unseen    []CardOption
	UndoLabel scoring.Phrase
	// LastMove names the newest move, zero before the first.
	LastMove scoring.Phrase
}

// RowCardVM is one card of the row and what taking it means for the
// player to move.
type RowCardVM struct {
	Pos           int
	Colour        string
	Value, Tokens int
	Cost, Gain    int
	FaceDown      bool
	Refuse        scoring.Phrase // why it cannot be taken
	Line          scoring.Phrase // why it goes face up or down, in one short line
	TakeURL       string
}

// SeatVM is one player's display and supply.
type SeatVM struct {
	Name   string
	Tokens int
	ToMove bool
	Stacks []views.StackView
}

// CardOption is a card a picker offers.
type CardOption struct {
	Colour string
	Value  int
}

// KKSEntryVM is the Koffer, Katze & Sombrero display editor.
type KKSEntryVM struct {
	views.Page
	views.Form
	Heading   scoring.Phrase
	Intro     scoring.Phrase
	Action    string
	EditNames bool // the check page names players; a table already has them
	Players   []KKSPlayer
	Specials  map[int]bool
	Turns     int // cards per display (KKS-3), 0 when the player count is open
	// MaxTokens is the most one supply can hold (KKS-4).
	MaxTokens int
	Errors    views.Errors
	Submit    scoring.Phrase
}

// KKSPlayer is one player's part of the editor.
type KKSPlayer struct {
	Index       int
	Name        string
	Tokens      string
	Stacks      []KKSStack
	Adjustments []KKSAdjust
}

// KKSStack is one colour's stack in the notation "4 6 x 5".
type KKSStack struct {
	Colour string
	Value  string
}

// KKSAdjust is one labelled special-card adjustment (rulings G-4, KKS-6).
type KKSAdjust struct {
	Card, Points, Reason string
}

func stackField(i int, colour string) string { return views.PField(i, "display."+colour) }

func adjPath(i, j int) string { return views.PField(i, "adjustments["+strconv.Itoa(j)+"]") }

func adjField(i, j int, name string) string { return adjPath(i, j) + "." + name }

func adjID(i, j int, name string) string {
	return "p" + strconv.Itoa(i) + "-adj" + strconv.Itoa(j) + "-" + name
}

func hasAdjustment(p KKSPlayer) bool {
	for _, a := range p.Adjustments {
		if a.Card != "" || a.Points != "" || a.Reason != "" {
			return true
		}
	}
	return false
}

// nameOrT is a KKS player's name, or "player 2" for an unnamed seat,
// said at rendering.
func nameOrT(p KKSPlayer) scoring.Phrase {
	if p.Name != "" {
		return scoring.Verbatim(p.Name)
	}
	return scoring.Phrasef("player %d", p.Index+1)
}
