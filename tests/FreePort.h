// A loopback TCP port for a server that a test starts as a child process
// (nginx, apache2, php-fpm, an app), which binds it after the test picked it.
//
// Not a port from listen(port 0): the kernel hands those out of its ephemeral
// range (net.ipv4.ip_local_port_range), the same range that every outgoing
// connection of the tests running beside this one takes its local port from.
// Between the pick and the child's bind() such a connection can take the port
// (CI saw apache2 fail with "Address already in use" on a port picked so).
// This one is drawn at random below that range, where connect() never goes,
// and is checked free by binding it once (without SO_REUSEADDR).
//
// Any thread. Returns 0 when no free port was found in 200 draws.
#pragma once

#include <QtGlobal>

#include <fstream>
#include <random>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace hostbench::test {

// The first port of the kernel's ephemeral range (32768 when it cannot be read).
inline int ephemeralPortsStart()
{
    std::ifstream range("/proc/sys/net/ipv4/ip_local_port_range");
    int low = 0;
    if (range >> low && low > 1024 && low <= 65535)
        return low;
    return 32768;
}

// Binds 127.0.0.1:`port` (0: the kernel's pick) and releases it; the port
// bound, or 0 when it is taken. No SO_REUSEADDR: a port still in TIME_WAIT
// counts as taken too.
inline int bindLoopback(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(quint16(port));
    socklen_t length = sizeof address;
    int bound = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        bound = ntohs(address.sin_port);
    ::close(fd);
    return bound;
}

// A free port, and when `following` > 0 the ports after it free as well.
inline quint16 freePort(int following = 0)
{
    // Below the ephemeral range, above the well-known and most registered ports.
    const int low = 10000;
    const int high = ephemeralPortsStart() - 1 - following;
    static thread_local std::minstd_rand random { std::random_device {}() };
    for (int draw = 0; draw < 200; ++draw) {
        // An ephemeral range that starts this low: the kernel's pick, as before.
        const int port = high > low ? std::uniform_int_distribution<int>(low, high)(random) : bindLoopback(0);
        if (port == 0 || port > 65535 - following)
            continue;
        bool allFree = true;
        for (int next = port; next <= port + following && allFree; ++next)
            allFree = bindLoopback(next) == next;
        if (allFree)
            return quint16(port);
    }
    return 0;
}

} // namespace hostbench::test
