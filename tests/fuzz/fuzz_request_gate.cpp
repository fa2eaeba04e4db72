// Fuzz target: the control API's gate (RequestGate::check), which decides
// from the bytes received so far on a connection, before any body is read.
// The input is those bytes. Properties:
//  - a refusal has a status the gate answers (400, 401, 413, 421, 431,
//    501, 505) and a reason; a 401 has its WWW-Authenticate challenge;
//  - a request that passes takes no more bytes than were received, and no
//    more body than the limit (0 without the token);
//  - the verdict on a passing request depends on it alone: the request by
//    itself passes with the same length, and each shorter prefix of it
//    waits for more (it is never refused nor passed early).
#include "FuzzCheck.h"

#include "control/RequestGate.h"

#include <QByteArray>
#include <QHostAddress>

#include <cstdint>

using namespace hostbench;
using control::RequestGate;
using Kind = RequestGate::Verdict::Kind;

namespace {

void check(const QByteArray &input, bool tokenForMetrics)
{
    RequestGate::Policy policy;
    policy.token = QByteArray(64, 'e');
    policy.tokenForMetrics = tokenForMetrics;
    policy.maxBodyBytes = 64;
    policy.listenAddress = QHostAddress::LocalHost;
    policy.localAddress = QHostAddress::LocalHost;
    const RequestGate::Verdict verdict = RequestGate::check(input, policy);
    switch (verdict.kind) {
    case Kind::Refuse: {
        static const int statuses[] = { 400, 401, 413, 421, 431, 501, 505 };
        bool known = false;
        for (int status : statuses)
            known = known || verdict.status == status;
        FUZZ_CHECK(known);
        FUZZ_CHECK(!verdict.detail.isEmpty());
        FUZZ_CHECK((verdict.status == 401) == !verdict.wwwAuthenticate.isEmpty());
        FUZZ_CHECK(RequestGate::response(verdict).startsWith(
            QByteArray("HTTP/1.1 " + QByteArray::number(verdict.status))));
        return;
    }
    case Kind::NeedMore:
        FUZZ_CHECK(verdict.bodyLimit <= policy.maxBodyBytes);
        return;
    case Kind::Pass:
        break;
    }
    FUZZ_CHECK(verdict.requestBytes > 0 && verdict.requestBytes <= input.size());
    FUZZ_CHECK(verdict.requestBytes
        <= RequestGate::kMaxHeadBytes + 4 + RequestGate::bufferLimit(policy.maxBodyBytes));
    const QByteArray request = input.left(verdict.requestBytes);
    const RequestGate::Verdict alone = RequestGate::check(request, policy);
    FUZZ_CHECK(alone.kind == Kind::Pass && alone.requestBytes == verdict.requestBytes);
    const qsizetype step = request.size() <= 512 ? 1 : request.size() / 64;
    for (qsizetype size = 0; size < request.size(); size += step)
        FUZZ_CHECK(RequestGate::check(request.left(size), policy).kind == Kind::NeedMore);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return 0;
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    check(input, false);
    check(input, true);
    return 0;
}
