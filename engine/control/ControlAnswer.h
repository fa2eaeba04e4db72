#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace hostbench::control {

struct ControlAnswer;

/*
 * The parts of a control API request that a resource's routes read, taken
 * from QtHttpServer's request by ControlApi.cpp, so that every QtHttpServer
 * call stays in that one file (ControlApi's header says why).
 * Thread: a value; any thread.
 */
struct ControlRequest
{
    QByteArray body;
    QByteArray contentType; // the Content-Type field as sent; empty without one
    QByteArray ifMatch; // the If-Match field as sent; empty without one

    // The body as a JSON object, or the problem that stops it (RFC 9110
    // section 15.5): 413 over ControlApi::kMaxBodyBytes, 415 for a
    // Content-Type other than application/json, 400 for malformed JSON or
    // another JSON value.
    std::optional<ControlAnswer> readObject(QJsonObject *object) const;
};

/*
 * A control API answer: a status, a body (JSON, bytes of a media type, or
 * none) and the fields to add. ControlApi.cpp makes it a
 * QHttpServerResponse (with "Connection: close").
 * Thread: a value; any thread.
 */
struct ControlAnswer
{
    enum class Body { Object, Array, Bytes, Empty };
    int status = 200;
    Body body = Body::Empty;
    QJsonObject object; // Body::Object: sent as compact application/json
    QJsonArray array; // Body::Array: likewise
    QByteArray contentType; // Body::Bytes
    QByteArray bytes; // Body::Bytes
    QList<QPair<QByteArray, QByteArray>> headers; // in this order

    static ControlAnswer json(const QJsonObject &object, int status = 200);
    static ControlAnswer json(const QJsonArray &array, int status = 200);
    static ControlAnswer data(const QByteArray &contentType, const QByteArray &bytes, int status = 200);
    static ControlAnswer empty(int status);
    // An RFC 9457 problem (ControlFormat::problem) as application/problem+json.
    static ControlAnswer problem(int status, const QString &detail, const QString &field = {});
    static ControlAnswer problem(const QJsonObject &problem, int status);

    ControlAnswer &withHeader(const QByteArray &name, const QByteArray &value);
};

} // namespace hostbench::control
