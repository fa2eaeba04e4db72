// FastCgiResponder's spool (FastCgiResponder.h): a chunked request body still
// arriving is read whole before PHP-FPM sees the request, because PHP-FPM
// reads no more of FCGI_STDIN than CONTENT_LENGTH says (fpm_main.c,
// sapi_cgi_read_post). As nginx's client body buffer: in memory up to
// kSpoolMemoryBytes, beyond that in an unnamed temporary file, then sent
// from the file a piece at a time.
#include "http/FastCgiResponder.h"

#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/UpstreamTarget.h"
#include "http/Worker.h"

#include <boost/asio/write.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

// An unnamed file in TMPDIR (else /tmp), mode 0600, gone when closed: no
// other user can read the body, and nothing is left behind after a crash.
int openSpoolFile()
{
    const char *folder = std::getenv("TMPDIR");
    if (folder == nullptr || *folder == '\0')
        folder = "/tmp";
    return ::open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

bool writeAll(int fd, std::string_view data)
{
    while (!data.empty()) {
        const ssize_t written = ::write(fd, data.data(), data.size());
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return false;
        data.remove_prefix(std::size_t(written));
    }
    return true;
}

} // namespace

void FastCgiResponder::startSpool()
{
    m_spooling = true;
    spoolPiece(); // what came with the head, then the rest (askForBody: 100 Continue first)
}

void FastCgiResponder::spoolPiece()
{
    std::string &piece = m_client.request().body;
    if (!piece.empty()) {
        if (!m_spoolFile.isValid() && m_spoolMemory.size() + piece.size() <= kSpoolMemoryBytes) {
            m_spoolMemory += piece;
        } else {
            if (!m_spoolFile.isValid()) {
                m_spoolFile.reset(openSpoolFile());
                if (!m_spoolFile.isValid() || !writeAll(m_spoolFile.get(), m_spoolMemory)) {
                    spoolFailed();
                    return;
                }
                std::string().swap(m_spoolMemory);
            }
            if (!writeAll(m_spoolFile.get(), piece)) {
                spoolFailed();
                return;
            }
        }
        m_spooled += piece.size();
        piece.clear();
    }
    if (!m_client.bodyDone()) {
        askForBody(); // 100 Continue once, then the next read
        return;
    }
    m_spooling = false;
    // PHP-FPM's time starts now, not with the client's upload (ProxyOutcome::timing).
    m_started = Clock::now();
    if (!m_spoolFile.isValid())
        m_client.request().body = std::move(m_spoolMemory); // whole: sent with the request's records
    connectOrReuse();
}

void FastCgiResponder::spoolFailed()
{
    const int error = errno;
    m_clientKeepAlive = false; // the rest of the body is not read
    m_outcome.status = 500;
    m_outcome.reason = UpstreamTarget::intern(
        std::string("cannot keep the request body in a temporary file: ") + std::strerror(error));
    finish(false);
}

void FastCgiResponder::writeSpooled()
{
    m_out.clear();
    const std::uint64_t left = m_spooled - m_spoolSent;
    std::size_t piece = 0;
    if (left == 0) {
        fastcgi::appendStdin(m_out, fastcgi::kRequestId, {}); // the body's end
    } else {
        piece = std::size_t(std::min<std::uint64_t>(left, kPieceBytes));
        fastcgi::appendHeader(m_out, fastcgi::RecordType::Stdin, fastcgi::kRequestId, piece);
        const std::size_t at = m_out.size();
        m_out.resize(at + piece);
        std::size_t got = 0;
        while (got < piece) {
            const ssize_t n
                = ::pread(m_spoolFile.get(), m_out.data() + at + got, piece - got, off_t(m_spoolSent + got));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                // The file shrank or failed under us: PHP-FPM holds part of the body.
                m_uploadCut = true;
                spoolFailed();
                return;
            }
            got += std::size_t(n);
        }
        if (piece == left)
            fastcgi::appendStdin(m_out, fastcgi::kRequestId, {}); // the body's end with its last piece
    }
    const bool last = piece == left;
    arm();
    asio::async_write(*m_upstream, asio::buffer(m_out),
        [self = shared_from_this(), piece, last](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            if (ec) {
                self->onWriteError();
                return;
            }
            self->m_spoolSent += piece;
            if (!last) {
                self->writeSpooled();
                return;
            }
            self->m_spoolFile.reset();
            self->readRecords();
        });
}

} // namespace hostbench::http
