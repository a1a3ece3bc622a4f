package views

// CountersVM is a result editor made of simple fields per player.
type CountersVM struct {
	Page
	Form
	GameTitle                      string
	Heading, Intro, Action, Submit string
	EditNames                      bool
	Players                        []CounterPlayer
	Options                        []CounterField // table-level choices
	Errors                         Errors
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
	Kind, Name, ID, Label, Hint, Value string
	None                               string
	Choices                            []string
}
