package views

// KKSSetupVM is the form that lays the row of a guided KKS game.
type KKSSetupVM struct {
	Page
	Form
	TableName, Base string
	Row             []string // the 7 cards as typed, "red 10"
	Errors          Errors
}

// KKSPlayVM is a guided KKS game in progress: whose turn, the row with
// the cost of each card, every display and supply.
type KKSPlayVM struct {
	Page
	Form
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
	TakeText  string
	Unseen    []CardOption
	UndoLabel string
}

// RowCardVM is one card of the row and what taking it means for the
// player to move.
type RowCardVM struct {
	Pos            int
	Colour         string
	Value, Tokens  int
	Cost, Gain     int
	FaceDown       bool
	Reason, Refuse string // why it goes face up/down; why it cannot be taken
	TakeURL        string
}

// SeatVM is one player's display and supply.
type SeatVM struct {
	Name   string
	Tokens int
	ToMove bool
	Stacks []StackView
}

// CardOption is a card a picker offers.
type CardOption struct {
	Colour string
	Value  int
}
