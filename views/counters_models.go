package views

import "tablemate/scoring"

// CountersVM is a result editor made of simple fields per player.
type CountersVM struct {
	Page
	Form
	GameTitle              scoring.Phrase // the game's name (Verbatim: a name, never looked up)
	Heading, Intro, Submit scoring.Phrase
	Action                 string
	EditNames              bool
	Players                []CounterPlayer
	Options                []CounterField // table-level choices
	Errors                 Errors
}

// CounterPlayer is one player's fields.
type CounterPlayer struct {
	Index  int
	Name   string
	Fields []CounterField
}

// CounterField is one field: Kind "number" (a stepper), "check" or
// "choice" (among Choices, with None for no choice). Name is the form
// name, which is the engine's JSON path where there is one.
type CounterField struct {
	Kind, Name, ID, Value string
	Label, Hint, None     scoring.Phrase // said in the reader's language
	Choices               []string
	Max                   int // a number's largest value, 0 for none
}

// CounterRow is one counter for every player at once, a row of the
// table's grid ("one screen per table, not per player"): its label and
// hint (catalog keys) and a cell per player.
type CounterRow struct {
	Label, Hint scoring.Phrase
	Cells       []CounterCell
}

// CounterCell is one player's field in a row.
type CounterCell struct {
	CounterField
	Index  int    // the player's seat
	Player string // the player's name ("" on the check page before it is typed)
}

// CounterRows turns each player's fields into rows of the grid: the k-th
// field of every player is row k (every player has the same fields).
func CounterRows(players []CounterPlayer) []CounterRow {
	var rows []CounterRow
	for _, p := range players {
		for k, f := range p.Fields {
			if k == len(rows) {
				rows = append(rows, CounterRow{Label: f.Label, Hint: f.Hint})
			}
			rows[k].Cells = append(rows[k].Cells, CounterCell{CounterField: f, Index: p.Index, Player: p.Name})
		}
	}
	return rows
}
