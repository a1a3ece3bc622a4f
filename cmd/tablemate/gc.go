package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// The garbage collector's settings for serve. Go's defaults (GOGC=100, no
// limit) suit a program whose heap is large next to what it allocates;
// a server of small pages is the other way round: its live heap is a few
// megabytes, so it collected every 4 MB allocated, 25–40 times a second
// under load, each collection costing the requests in flight. A higher
// GOGC lets the heap grow to several times what is live before it is
// collected, and a soft memory limit keeps a big heap (many long tables
// cached) from growing past what the machine can give: near the limit the
// collector runs as often as it must, whatever GOGC says.

// defaultGCPercent is serve's GOGC unless the environment sets one (see
// the README's Speed for the measurements behind it).
const defaultGCPercent = 400

// gcFlags are serve's -gc-percent and -memory-limit.
type gcFlags struct {
	percent *int
	limit   *string
}

func addGCFlags(fs *flag.FlagSet) gcFlags {
	percent := defaultGCPercent
	if v, err := strconv.Atoi(os.Getenv("GOGC")); err == nil {
		percent = v
	} else if os.Getenv("GOGC") == "off" {
		percent = -1
	}
	return gcFlags{
		percent: fs.Int("gc-percent", percent, "collect garbage when the heap has grown by `percent` of what was live after the last collection (Go's GOGC; -1 only at -memory-limit); the environment variable GOGC sets the default"),
		limit:   fs.String("memory-limit", os.Getenv("GOMEMLIMIT"), "a soft `limit` on the memory Go uses, such as 512MiB or 2GiB (Go's GOMEMLIMIT; \"off\" for none): near it the heap is collected as often as it must be; the default is half the memory of the machine or of its container, and the environment variable GOMEMLIMIT sets it"),
	}
}

// apply sets the collector and returns the settings as they took effect.
func (f gcFlags) apply() (percent int, limit int64, err error) {
	text := *f.limit
	if text == "" {
		text = defaultMemoryLimit()
	}
	limit, err = parseBytes(text)
	if err != nil {
		return 0, 0, fmt.Errorf("-memory-limit: %w", err)
	}
	if *f.percent < 0 && limit == math.MaxInt64 {
		return 0, 0, fmt.Errorf("-gc-percent -1 collects only at the memory limit, and -memory-limit is off")
	}
	debug.SetMemoryLimit(limit)
	debug.SetGCPercent(*f.percent)
	return *f.percent, limit, nil
}

// parseBytes reads a size as GOMEMLIMIT does: a number of bytes with an
// optional unit B, KiB, MiB, GiB or TiB; "off" is no limit.
func parseBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return math.MaxInt64, nil
	}
	units := []struct {
		suffix string
		shift  uint
	}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}
	shift := uint(0)
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			s, shift = n, u.shift
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("%q is not a size such as 512MiB, 2GiB or off", s)
	}
	return n << shift, nil
}

// defaultMemoryLimit is half the memory the process may use: its
// container's limit when it has one, else the machine's; "off" when
// neither can be read.
func defaultMemoryLimit() string {
	total := memTotal()
	if c := cgroupLimit(); c > 0 && (total == 0 || c < total) {
		total = c
	}
	if total == 0 {
		return "off"
	}
	return strconv.FormatInt(total/2>>20, 10) + "MiB"
}

// memTotal reads the machine's memory from /proc/meminfo (0 elsewhere).
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupLimit reads a cgroup v2 container's memory limit (0 for none).
func cgroupLimit() int64 {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0 // "max"
	}
	return n
}

// memoryLimitText writes a limit for the log: MiB, or off.
func memoryLimitText(limit int64) string {
	if limit == math.MaxInt64 {
		return "off"
	}
	return strconv.FormatInt(limit>>20, 10) + "MiB"
}
