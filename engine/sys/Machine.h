#pragma once

#include <QString>

namespace hostbench::sys {

/*
 * The machine a measurement ran on, said beside its figures (rates count
 * for that machine only, and a table without its CPU cannot be compared
 * with another): the CPU model as the kernel names it (/proc/cpuinfo's
 * "model name"; the architecture where there is none), the CPUs this
 * process may run on (its affinity mask), and the kernel, e.g.
 * "AMD EPYC, 2 CPUs, Linux 6.18.44".
 *
 * Thread: any. Reads /proc at each call; never fails: a part that cannot
 * be read is left out.
 */
class Machine final
{
public:
    static QString describe();
    // /proc/cpuinfo's first "model name", whitespace simplified; empty if none.
    static QString cpuModel();
};

} // namespace hostbench::sys
