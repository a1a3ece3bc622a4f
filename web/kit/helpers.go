package kit

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
)

// Page returns the layout fields every page needs; title is said in the
// reader's language when the page is rendered (a table's name is
// scoring.Verbatim: never looked up).
func Page(c echo.Context, title scoring.Phrase) views.Page {
	return views.Page{Title: title, CSRF: CSRFToken(c), Outbox: outboxKind(c.Path()), Description: describe(c.Path())}
}

// outboxKind is what offline entry says on the page of route path: the
// table page behind the edit link lists the entries waiting, the result
// and round form keeps an entry made offline, guided play says it needs
// the connection.
func outboxKind(path string) string {
	switch {
	case path == "/tables/:id":
		return "table"
	case path == "/tables/:id/games/new" || path == "/tables/:id/games":
		return "entry"
	case strings.HasPrefix(path, "/tables/:id/play"):
		return "play"
	}
	return ""
}

// Form returns the hidden fields of a write form for a table at head.
// Each form drawn with them gets a one-time token of its own
// (views.Form.FormToken): one page's forms (Undo, Add a player) never
// share one. Every token drawn is noted on the request (FormTokens).
func Form(c echo.Context, head int) views.Form {
	return views.Form{CSRF: CSRFToken(c), Seen: head, Noted: func(token string) {
		tokens, _ := c.Get(formTokens).([]string)
		c.Set(formTokens, append(tokens, token))
	}}
}

// formTokens is where Form notes the tokens of a request's forms.
const formTokens = "kit.formTokens"

// NoteOwn notes part as bytes of the page that are this request's own
// besides its forms' tokens (a running clock's time): they are spliced
// into the compressed page as the tokens are (FormTokens).
func NoteOwn(c echo.Context, part string) {
	tokens, _ := c.Get(formTokens).([]string)
	c.Set(formTokens, append(tokens, part))
}

// FormTokens are the one-time tokens of the forms drawn for this request
// (Form): the parts of a page that are its request's own, with the CSRF
// token. The server compresses a page's other parts once and keeps them.
func FormTokens(c echo.Context) []string {
	tokens, _ := c.Get(formTokens).([]string)
	return tokens
}

// CSRFToken is the request's CSRF token, which the CSRF middleware keeps
// on the context.
func CSRFToken(c echo.Context) string {
	s, _ := c.Get("csrf").(string)
	return s
}

// NewToken is the idempotency key of one rendered form: a double tap or a
// resend posts the same key and is recorded once.
func NewToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// EditBase is what every URL of an edit page is built on: the edit link of
// the request ("/tables/:id/…"), which the handler has resolved as the
// table's edit link in use. It is the link the phone already holds.
func EditBase(c echo.Context) string { return "/tables/" + c.Param("id") }

// FormErrorf is scoring.Errorf for editor forms; its format is a catalog
// key (the catalog test finds the keys by this name). The API and CLI
// never see these: they take JSON, not forms.
func FormErrorf(field, format string, args ...any) *scoring.InputError {
	return scoring.Errorf(field, format, args...)
}

// Reason is err as an argument of another message: an input error keeps
// its phrase (said in the reader's language with the message around it);
// any other error is its English text.
func Reason(err error) any {
	var in *scoring.InputError
	if errors.As(err, &in) && !in.Phrase.IsZero() {
		return in.Phrase
	}
	return scoring.Name(err.Error())
}

// StateOf marshals an editor's state struct.
func StateOf(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// LowerFirst is s with its first letter in lower case, for a sentence
// that goes on after something else ("undid: game 2 entered").
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// RemapField translates an engine field path on the built state back to
// the form's field: the state's players[k] is the form's slot slots[k]
// (empty check-page slots are left out of the state).
func RemapField(field string, slots []int) string {
	rest, ok := strings.CutPrefix(field, "players[")
	if !ok {
		return field
	}
	num, tail, ok := strings.Cut(rest, "]")
	k, err := strconv.Atoi(num)
	if !ok || err != nil || k < 0 || k >= len(slots) {
		return field
	}
	return "players[" + strconv.Itoa(slots[k]) + "]" + tail
}

// FirstPlayer is who a guided game's set-up page marks as starting in its
// field: the name posted (a refused start shows what was sent), else the
// table's chosen first player ("Who starts?" on the new-table form or the
// game chosen), else "" (the page then marks the first seat).
func FirstPlayer(c echo.Context, t sessions.Table, field string) string {
	if v := c.FormValue(field); v != "" {
		return v
	}
	if slices.Contains(t.Players, t.First) {
		return t.First
	}
	return ""
}

// WhoStarts is who takes the first turn of a game played along at t, as
// the set-up's First says it (the table's chosen first player, else the
// first seat), with the game's rule for who starts.
func WhoStarts(c echo.Context, t sessions.Table) views.StartsVM {
	if len(t.Players) == 0 {
		return views.StartsVM{}
	}
	return views.StartsVM{Name: t.Players[max(0, slices.Index(t.Players, t.First))], Chosen: slices.Contains(t.Players, t.First),
		Rule: t.Info.Starts}
}

// Refused is the form a refused move posted, for the page drawn in answer
// to keep what was entered: the posted values when this request is a
// POST made on the table as it still is (its _seen is t's head), nil
// otherwise (a first view, or a form the table has moved on from, whose
// entries belong to a turn that is over).
func Refused(c echo.Context, t sessions.Table) url.Values {
	if c.Request().Method != http.MethodPost {
		return nil
	}
	if seen, err := strconv.Atoi(c.FormValue("_seen")); err != nil || seen != t.Head {
		return nil
	}
	values, err := c.FormParams()
	if err != nil {
		return nil
	}
	return values
}

// German joins the parts of a game's German catalog (its de.go and
// de_rules.go) into the one its Web gives the registry; a key in two
// parts must say the same thing in both (it panics otherwise).
func German(parts ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, part := range parts {
		for k, v := range part {
			if old, ok := out[k]; ok && old != v {
				panic(fmt.Sprintf("kit: %q has two German texts: %q and %q", k, old, v))
			}
			out[k] = v
		}
	}
	return out
}
