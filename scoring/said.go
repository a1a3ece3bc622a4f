package scoring

// A Sayer says a phrase in a reader's language (a page's or the API's
// catalog); Phrase.String is the English one.
type Sayer func(Phrase) string

// Said returns the result with every sentence said by say: the
// violations' and warnings' messages, the score lines' labels and the
// open tie-break. Codes, rulings, names and numbers stay as they are (the
// API answers in German when asked, its contract unchanged).
func (r Result) Said(say Sayer) Result {
	out := r
	out.Violations = saidViolations(r.Violations, say)
	out.Warnings = saidViolations(r.Warnings, say)
	if r.Players != nil {
		out.Players = make([]PlayerResult, len(r.Players))
		for i, p := range r.Players {
			out.Players[i] = p
			if p.Breakdown == nil {
				continue
			}
			out.Players[i].Breakdown = make([]Line, len(p.Breakdown))
			for j, l := range p.Breakdown {
				l.Label = sayOr(say, l.Text(), l.Label)
				out.Players[i].Breakdown[j] = l
			}
		}
	}
	if r.TieBreak != "" {
		out.TieBreak = sayOr(say, r.TieBreakText(), r.TieBreak)
	}
	return out
}

func saidViolations(vs []Violation, say Sayer) []Violation {
	if vs == nil {
		return nil
	}
	out := make([]Violation, len(vs))
	for i, v := range vs {
		v.Message = sayOr(say, v.Text(), v.Message)
		out[i] = v
	}
	return out
}

// sayOr is say(p), or s as it is when p says nothing.
func sayOr(say Sayer, p Phrase, s string) string {
	if p.IsZero() {
		return s
	}
	return say(p)
}

// Said returns the input error with its message said by say; the field
// stays as it is.
func (e *InputError) Said(say Sayer) *InputError {
	out := *e
	out.Message = sayOr(say, e.Phrase, e.Message)
	return &out
}

// Said returns the refusal or warning with its message said by say.
func (e StepError) Said(say Sayer) StepError {
	e.Message = sayOr(say, e.Phrase, e.Message)
	return e
}

// SaidView is implemented by a guided game's view (a PlayAnswer's
// State) that holds sentences of its own, such as an interest report or
// what a move did: the view with them said by say.
type SaidView[V any] interface {
	Said(say Sayer) V
}

// Said returns the answer with every sentence said by say: the refusal's
// and warnings' messages, the result's (Result.Said) and the state's
// when its view holds sentences (SaidView).
func (a PlayAnswer[V]) Said(say Sayer) any {
	out := a
	if a.Errors != nil {
		out.Errors = make([]StepError, len(a.Errors))
		for i, e := range a.Errors {
			out.Errors[i] = e.Said(say)
		}
	}
	if a.Result != nil {
		r := a.Result.Said(say)
		out.Result = &r
	}
	if v, ok := any(a.State).(SaidView[V]); ok {
		out.State = v.Said(say)
	}
	return out
}

// SaidAnswer is implemented by a play API's answer (PlayAnswer): the
// answer in the reader's language.
type SaidAnswer interface {
	Said(say Sayer) any
}
