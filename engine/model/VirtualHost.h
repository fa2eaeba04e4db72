#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::model {

/*
 * A fixed-response route of a virtual host: a request for exactly `path`
 * (GET or HEAD) is answered with `status`, `contentType` and `body`, no file
 * involved. Serves the W5 ("hello") and W6 ("OK") reference workloads.
 * Plain value; any thread.
 */
struct Route
{
    QString path;                     // absolute path, e.g. "/hello"; no query string
    int status = 200;                 // HTTP status code
    QString contentType = QStringLiteral("text/plain");
    QByteArray body;

    friend bool operator==(const Route &, const Route &) = default;
};

/*
 * A name-based virtual host (RFC 9110 §7.2): requests whose Host is
 * `hostName` or one of `aliases` (case-insensitive, port ignored) are served
 * from `documentRoot` and `routes`. Exactly one host of a set is the default
 * one, which answers unknown host names. Plain value; any thread.
 */
struct VirtualHost
{
    qint64 id = 0;                    // storage row id; 0 when not stored
    QString hostName;                 // e.g. "localhost"; lower case
    QStringList aliases;              // further host names, lower case
    QString documentRoot;             // absolute directory path
    QList<Route> routes;
    bool isDefault = false;

    friend bool operator==(const VirtualHost &, const VirtualHost &) = default;
};

} // namespace hostbench::model
