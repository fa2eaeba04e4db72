#pragma once

namespace hostbench::sys {

/*
 * SIGPIPE, which Linux sends to the thread that writes to a socket or pipe
 * whose peer has gone, and whose default action ends the whole process.
 * send(2) and sendmsg(2) can refuse it per call (MSG_NOSIGNAL, which the
 * engine and Boost.Asio use), but sendfile(2), splice(2) and write(2) on a
 * pipe or FIFO cannot: a client that hangs up during a file sent with
 * sendfile ended a process that had not ignored the signal (the window; the
 * CLI ignores it in main()).
 *
 * blockInThisThread() blocks SIGPIPE in the calling thread's signal mask, so
 * that such a write fails with EPIPE instead, whatever the process's
 * disposition is: a library that starts threads stays safe in any host
 * process without changing the process-wide handler, which belongs to the
 * program. A SIGPIPE raised in a thread that blocks it stays pending on that
 * thread and is never delivered. Call it first thing in every thread that
 * writes to peers (the engine's workers, its log thread, the load
 * generator's workers). Thread: the calling thread only; returns false if
 * pthread_sigmask failed (it does not, for a valid mask).
 *
 * ignoreInProcess() sets the process-wide disposition to SIG_IGN, as nginx
 * and most servers do: for the executables' main(), before any thread starts.
 */
class PeerSignals final
{
public:
    static bool blockInThisThread();
    static void ignoreInProcess();
};

} // namespace hostbench::sys
