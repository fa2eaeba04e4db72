#pragma once

#include <QString>

namespace hostbench::model {

/*
 * Where and how the engine listens. Plain value; any thread.
 */
struct ServerConfig
{
    QString listenAddress = QStringLiteral("127.0.0.1"); // IPv4 or IPv6 literal
    quint16 port = 8080;      // 0 picks a free port
    int threads = 0;          // worker threads; 0 = one per core
    bool portFallback = true; // if `port` is taken, try the next ports (up to 100) instead of failing

    friend bool operator==(const ServerConfig &, const ServerConfig &) = default;
};

} // namespace hostbench::model
