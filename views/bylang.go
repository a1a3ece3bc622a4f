package views

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/a-h/templ"

	"tablemate/views/i18n"
)

// byLang is a part of every page that depends on nothing but the reader's
// language (its words, and the static files' addresses, fixed while the
// process runs): it is rendered once per language and its bytes written
// as they are after that.
type byLang struct {
	c    templ.Component
	kept sync.Map // language code → []byte
}

// keptByLang keeps c rendered per language.
func keptByLang(c templ.Component) *byLang { return &byLang{c: c} }

func (b *byLang) Render(ctx context.Context, w io.Writer) error {
	lang := i18n.Code(i18n.Lang(ctx))
	if p, ok := b.kept.Load(lang); ok {
		_, err := w.Write(p.([]byte))
		return err
	}
	var buf bytes.Buffer
	if err := b.c.Render(ctx, &buf); err != nil {
		return err
	}
	b.kept.Store(lang, buf.Bytes())
	_, err := w.Write(buf.Bytes())
	return err
}

// The parts of Layout kept per language.
var (
	layoutTopKept  = keptByLang(layoutTop())
	layoutBuzzKept = keptByLang(layoutBuzz())
)
