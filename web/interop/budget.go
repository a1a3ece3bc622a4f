package interop

import (
	"io"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// importBudget bounds the bytes of imports one client may send: an import
// is checked event by event with the engines, so its cost grows with its
// size, unlike an ordinary write. Each client address may send one
// largest file at once and then about importRate bytes a second.
type importBudget struct {
	mu      sync.Mutex
	clients map[string]*budgetEntry
	rate    rate.Limit
	burst   int
	swept   time.Time
}

type budgetEntry struct {
	lim  *rate.Limiter
	seen time.Time
}

func newImportBudget(bytesPerSecond, burst int) *importBudget {
	return &importBudget{clients: map[string]*budgetEntry{}, rate: rate.Limit(bytesPerSecond), burst: burst}
}

// budgetIdle is how long a client's budget is kept after its last import
// (by then it is full again anyway).
const budgetIdle = 10 * time.Minute

// limiter returns the client's budget, dropping those idle for long.
func (b *importBudget) limiter(client string) *rate.Limiter {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if now.Sub(b.swept) > budgetIdle {
		for k, e := range b.clients {
			if now.Sub(e.seen) > budgetIdle {
				delete(b.clients, k)
			}
		}
		b.swept = now
	}
	e := b.clients[client]
	if e == nil {
		e = &budgetEntry{lim: rate.NewLimiter(b.rate, b.burst)}
		b.clients[client] = e
	}
	e.seen = now
	return e.lim
}

// reader charges what is read from r to client's budget; once it is spent
// the reader fails and spent is set.
func (b *importBudget) reader(client string, r io.Reader) *budgetReader {
	return &budgetReader{r: r, lim: b.limiter(client)}
}

type budgetReader struct {
	r     io.Reader
	lim   *rate.Limiter
	spent bool
}

// errBudgetSpent ends a read past the client's import budget.
var errBudgetSpent = io.ErrUnexpectedEOF

func (br *budgetReader) Read(p []byte) (int, error) {
	if len(p) > 32<<10 {
		p = p[:32<<10]
	}
	n, err := br.r.Read(p)
	if n > 0 && !br.lim.AllowN(time.Now(), n) {
		br.spent = true
		return 0, errBudgetSpent
	}
	return n, err
}
