#pragma once

#include <QString>
#include <QtGlobal>

namespace hostbench::sys {

/*
 * Which process holds a TCP port: the one listening on it, so that "the
 * port is in use" can say by whom. Linux only (elsewhere the answer is
 * Unsupported): the listening sockets of /proc/net/tcp and /proc/net/tcp6
 * give the socket's inode, and the process whose /proc/PID/fd has a link to
 * "socket:[inode]" holds it; its program name is /proc/PID/comm. A process
 * of another user hides its descriptors (then Hidden: the port is taken, by
 * whom cannot be told). Reads /proc only; no lock, no signal; any thread.
 */
class PortHolder final
{
public:
    enum class Result {
        Found, // pid and program are set
        Hidden, // a socket listens on the port, its process cannot be seen
        NotFound, // no socket listens on the port (it may have gone since)
        Unsupported, // not Linux, or /proc/net/tcp cannot be read
    };

    Result result = Result::NotFound;
    qint64 pid = 0; // the first process found holding the socket (a fork may share it)
    QString program; // "nginx"; at most 15 characters (the kernel's comm)

    // Looks up the process that listens on TCP `port` on any local address,
    // IPv4 or IPv6.
    static PortHolder find(quint16 port);

    // "nginx (PID 1234)", "another user's process", "a process that cannot be
    // told", ...: an English phrase for logs and the command line.
    QString describe() const;
};

} // namespace hostbench::sys
