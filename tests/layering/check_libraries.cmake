# Run by the test layering_every_library (tests/layering/CMakeLists.txt):
#   cmake "-DUNPUBLISHED=library (folder);..." -P check_libraries.cmake
# Fails when a library under engine/, service/, app/ or ui/ sets its include directories
# other than with hostbench_publish_headers: the layering_* probes do not see it.
cmake_minimum_required(VERSION 3.25)
if(UNPUBLISHED)
    list(JOIN UNPUBLISHED ", " UNPUBLISHED)
    message(FATAL_ERROR "Libraries that do not publish their headers with hostbench_publish_headers "
        "(cmake/HostbenchHeaders.cmake), so the layering is not checked for them: ${UNPUBLISHED}")
endif()
message(STATUS "Every library under engine/, service/, app/ and ui/ publishes its headers with hostbench_publish_headers.")
