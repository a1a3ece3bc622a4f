package main

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
)

// live fans table changes out to every open page of that table, so all
// phones at a table see a move as soon as it is recorded.
type live struct {
	mu   sync.Mutex
	subs map[string]map[chan int]struct{}
	done chan struct{} // closed at shutdown: streams end so shutdown is quick
	once sync.Once
}

func newLive() *live {
	return &live{subs: map[string]map[chan int]struct{}{}, done: make(chan struct{})}
}

// publish tells the table's subscribers its new head. It never blocks: a
// slow subscriber keeps only the newest head.
func (l *live) publish(tableID string, head int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for ch := range l.subs[tableID] {
		select {
		case <-ch: // drop the older head
		default:
		}
		ch <- head
	}
}

func (l *live) subscribe(tableID string) (<-chan int, func()) {
	ch := make(chan int, 1)
	l.mu.Lock()
	if l.subs[tableID] == nil {
		l.subs[tableID] = map[chan int]struct{}{}
	}
	l.subs[tableID][ch] = struct{}{}
	l.mu.Unlock()
	return ch, func() {
		l.mu.Lock()
		delete(l.subs[tableID], ch)
		if len(l.subs[tableID]) == 0 {
			delete(l.subs, tableID)
		}
		if len(l.subs) == 0 {
			l.subs = map[string]map[chan int]struct{}{} // an emptied map keeps its size
		}
		l.mu.Unlock()
	}
}

func (l *live) close() { l.once.Do(func() { close(l.done) }) }

// keepAlive is how often an idle stream sends a comment, so proxies and
// phones do not drop it.
const keepAlive = 25 * time.Second

// streamTable answers GET /tables/:id/live with server-sent events: an
// event "table" carrying the newest seq whenever it moves past the one the
// page shows (?after=N, or Last-Event-ID when EventSource reconnects after
// a phone slept), so a page catches up without polling.
func (a *app) streamTable(c echo.Context) error {
	return a.stream(c, c.Param("id"))
}

// stream sends a table's moves as server-sent events.
func (a *app) stream(c echo.Context, id string) error {
	t, err := a.tables.Table(c.Request().Context(), id)
	if errors.Is(err, sessions.ErrNotFound) {
		return echo.ErrNotFound
	}
	if err != nil {
		return err
	}
	after := t.Head
	for _, s := range []string{c.Request().Header.Get("Last-Event-ID"), c.QueryParam("after")} {
		if n, err := strconv.Atoi(s); err == nil {
			after = n
			break
		}
	}
	// Every stream holds a connection: capped per client address, per
	// table and in all (a 503 the page retries after Retry-After).
	release, refused := a.streams.acquire(clientKey(c.RealIP()), id)
	if refused != nil {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(streamRetryAfter/time.Second)))
		return refused
	}
	defer release()
	updates, cancel := a.live.subscribe(id)
	defer cancel()
	// Re-read after subscribing so a write between the two is not missed.
	if t, err = a.tables.Table(c.Request().Context(), id); err != nil {
		return err
	}

	w := c.Response()
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set(echo.HeaderCacheControl, "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The server's write timeout would cut a long stream; events are small
	// and each write gets its own deadline instead.
	rc := http.NewResponseController(w.Writer)
	send := func(format string, args ...any) error {
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return err
		}
		w.Flush()
		return nil
	}
	if err := send("retry: 3000\n\n"); err != nil {
		return nil
	}
	if t.Head > after {
		if err := send("event: table\nid: %d\ndata: %d\n\n", t.Head, t.Head); err != nil {
			return nil
		}
	}
	ping := time.NewTicker(keepAlive)
	defer ping.Stop()
	for {
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-a.live.done:
			return nil
		case head := <-updates:
			if err := send("event: table\nid: %d\ndata: %d\n\n", head, head); err != nil {
				return nil
			}
		case <-ping.C:
			if err := send(": ping\n\n"); err != nil {
				return nil
			}
		}
	}
}
