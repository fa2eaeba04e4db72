#include "cli/SignalWatcher.h"

#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace hostbench::cli {

namespace {

// The write end for the handler; a plain int is what a handler may read.
volatile std::sig_atomic_t g_writeFd = -1;
struct sigaction g_previousInt;
struct sigaction g_previousTerm;
struct sigaction g_previousHup;
bool g_watchesHangup = false;

} // namespace

void SignalWatcher::handle(int signal)
{
    const int savedErrno = errno;
    const unsigned char byte = static_cast<unsigned char>(signal);
    // Nothing to do if the pipe is full: a stop is already pending.
    [[maybe_unused]] const ssize_t written = ::write(g_writeFd, &byte, 1);
    errno = savedErrno;
}

SignalWatcher::SignalWatcher(std::function<void(int)> onSignal, bool watchHangup, QObject *parent)
    : QObject(parent)
    , m_onSignal(std::move(onSignal))
{
    Q_ASSERT(g_writeFd == -1);
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, m_fds) != 0)
        return;
    ::fcntl(m_fds[0], F_SETFL, O_NONBLOCK);
    ::fcntl(m_fds[1], F_SETFL, O_NONBLOCK);
    g_writeFd = m_fds[1];

    m_notifier = std::make_unique<QSocketNotifier>(m_fds[0], QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &SignalWatcher::readSignal);

    struct sigaction action = {};
    action.sa_handler = &SignalWatcher::handle;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    m_active = ::sigaction(SIGINT, &action, &g_previousInt) == 0
        && ::sigaction(SIGTERM, &action, &g_previousTerm) == 0;
    g_watchesHangup = watchHangup;
    if (watchHangup)
        m_active = m_active && ::sigaction(SIGHUP, &action, &g_previousHup) == 0;
}

SignalWatcher::~SignalWatcher()
{
    if (m_fds[0] < 0)
        return;
    ::sigaction(SIGINT, &g_previousInt, nullptr);
    ::sigaction(SIGTERM, &g_previousTerm, nullptr);
    if (g_watchesHangup)
        ::sigaction(SIGHUP, &g_previousHup, nullptr);
    g_watchesHangup = false;
    g_writeFd = -1;
    m_notifier.reset();
    ::close(m_fds[0]);
    ::close(m_fds[1]);
}

void SignalWatcher::readSignal()
{
    unsigned char byte = 0;
    while (::read(m_fds[0], &byte, 1) == 1)
        m_onSignal(byte);
}

} // namespace hostbench::cli
