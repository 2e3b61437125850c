package cookies

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"runtime"
	"strconv"
	"testing"
	"time"
)

func TestTrace(t *testing.T) {
	N, _ := strconv.Atoi(os.Getenv("TRACEN"))
	if N == 0 {
		t.Skip()
	}
	v, _ := PileValues(context.Background(), N)
	pl := newPlan(N, v)
	tm := newTeam(runtime.GOMAXPROCS(0))
	c := pl.newCounter(tm)
	t0 := time.Now()
	c.reset(pl, 1<<62-57)
	fmt.Println("reset", time.Since(t0))
	t0 = time.Now()
	start := time.Now()
	c.fillLead(pl)
	fmt.Println("lead", pl.lead, time.Since(t0))
	t0 = time.Now()
	for k := pl.lead; k < len(pl.parts); k++ {
		i := pl.parts[k]
		c.up, c.down = pl.sufUp[k], pl.sufDown[k]
		if c.spread() < c.packedAt/2 {
			c.pack()
		}
		if k == 24 {
			f, _ := os.Create("/tmp/late.out")
			pprof.StartCPUProfile(f)
		}
		c.addPart(i, pl.vals[i])
		if k == 300 {
			pprof.StopCPUProfile()
		}
		if k == 12 || k == 24 || k == 100 || k == 300 || k == 600 || k == 1000 || k == 2000 || k == 4000 || k == 8000 || k == len(pl.parts)-1 {
			fmt.Println(k, c.span, time.Since(t0))
			t0 = time.Now()
		}
	}
	pprof.StopCPUProfile()
	fmt.Println("total", time.Since(start))
	tm.stop()
}
